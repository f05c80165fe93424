// Time tracking (Gitea's issue_stopwatch.go and issue_tracked_time.go): an issue's stopwatch, its tracked times
// and the user's running stopwatches. Every stopwatch route answers a bare 403 to a caller who may not write
// issues or may not track time there, and 409 when starting a running one or stopping/cancelling none.
import { StopWatch, TrackedTime } from '../schemas';
import { PAGING, json, list, none, op, type PageParams } from './op';
import type { IssueParams } from './issues';

export interface AddTimeOption {
  /** Seconds; 0 is refused (422). */
  time: number;
  /** RFC 3339; now when absent. */
  created?: string;
  /** Another user (repository admins and site admins only). */
  user_name?: string;
}

export const timeTrackingOperations = {
  /** 201, empty; stops the user's stopwatch on any other issue first (its time is tracked). */
  issueStartStopWatch: op<IssueParams>()({
    id: 'issueStartStopWatch',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{index}/stopwatch/start',
    result: none,
  }),
  /** 201, empty; the elapsed time becomes a tracked time. */
  issueStopStopWatch: op<IssueParams>()({
    id: 'issueStopStopWatch',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{index}/stopwatch/stop',
    result: none,
  }),
  /** 204: the stopwatch is dropped, nothing is tracked. */
  issueDeleteStopWatch: op<IssueParams>()({
    id: 'issueDeleteStopWatch',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/issues/{index}/stopwatch/delete',
    result: none,
  }),
  /** Every entry when no page is given; only the caller's own unless a writer. 404 when tracking is off. */
  issueTrackedTimes: op<IssueParams & PageParams & { user?: string; since?: string; before?: string }>()({
    id: 'issueTrackedTimes',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/{index}/times',
    query: ['user', 'since', 'before', ...PAGING],
    result: list(TrackedTime),
  }),
  /** 200 with the entry; 400 when tracking is off, 403 for who may not track. */
  issueAddTime: op<IssueParams & { body: AddTimeOption }>()({
    id: 'issueAddTime',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{index}/times',
    body: ['time', 'created', 'user_name'],
    result: json(TrackedTime),
  }),
  /** 204; 403 for another's entry (site admins excepted). */
  issueDeleteTime: op<IssueParams & { id: number }>()({
    id: 'issueDeleteTime',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/issues/{index}/times/{id}',
    result: none,
  }),
  /** The caller's running stopwatches (Gitea keeps at most one), of issues they can still read. */
  userGetStopWatches: op<PageParams>()({
    id: 'userGetStopWatches',
    method: 'GET',
    path: '/user/stopwatches',
    query: PAGING,
    result: list(StopWatch),
  }),
};
