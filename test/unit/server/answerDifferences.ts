// What makes the test server's answer to a recorded request differ from Gitea's: the status, the paging
// headers (`Link`, `X-Total-Count`) present or absent, the media type, and the shape of a JSON body.
import type { RecordedExchange, ReplayAnswer } from './giteaExchanges';
import { describeDifference, shapeDifferences } from './jsonShape';

export interface AnswerDifference {
  /** `#status`, `#header:link`, `#content-type` or a JSON path. */
  path: string;
  description: string;
}

const PAGING_HEADERS = ['link', 'x-total-count'];

const mediaType = (value: string | null | undefined) => (value ?? '').split(';')[0].trim().toLowerCase();

export function answerDifferences(e: RecordedExchange, answer: ReplayAnswer): AnswerDifference[] {
  const out: AnswerDifference[] = [];
  if (answer.status !== e.status) {
    out.push({ path: '#status', description: `status ${answer.status}, Gitea answers ${e.status} (${answer.text.slice(0, 200).trim()})` });
    return out;
  }
  for (const name of PAGING_HEADERS) {
    const recorded = e.responseHeaders[name] !== undefined;
    const ours = answer.headers.get(name) !== null;
    if (recorded !== ours) {
      out.push({ path: `#header:${name}`, description: recorded ? `no ${name} header, Gitea sends one` : `a ${name} header Gitea does not send` });
    }
  }
  const recordedType = mediaType(e.responseHeaders['content-type']);
  const ourType = mediaType(answer.headers.get('content-type'));
  if (recordedType !== ourType) {
    out.push({ path: '#content-type', description: `content type "${ourType}", Gitea sends "${recordedType}"` });
    return out;
  }
  if (recordedType !== 'application/json') return out;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    out.push({ path: '$', description: `the body is not JSON: ${answer.text.slice(0, 200)}` });
    return out;
  }
  for (const d of shapeDifferences(e.responseBody, body)) out.push({ path: d.path, description: describeDifference(d) });
  return out;
}
