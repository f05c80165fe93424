// The /api/v1 dispatcher: authentication (before routing, like Gitea), route match, token scope check,
// handler, and Gitea-shaped error bodies ({message, url}; 404 "not found"; 500 text only for site admins).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ANONYMOUS, authenticateApi, checkTokenScopes, type AuthResult } from './auth';
import { Ctx, goJson, type ServerContext } from './context';
import { ApiError, RawResponseError, RedirectError } from './errors';
import { Router } from './router';
import { registerActionRoutes } from './routes/actions';
import { registerRerunRoutes } from './routes/actionReruns';
import { registerWorkflowRoutes } from './routes/actionWorkflows';
import { registerArtifactRoutes } from './routes/artifacts';
import { registerActionDeleteRoutes, registerActionSettingsRoutes } from './routes/actionSettings';
import { registerCommentRoutes } from './routes/comments';
import { registerCommitStatusRoutes } from './routes/commitStatus';
import { registerContentRoutes } from './routes/contents';
import { registerIssueTemplateRoutes } from './routes/issueTemplates';
import { registerDependencyRoutes } from './routes/dependencies';
import { registerHookRoutes } from './routes/hooks';
import { registerIssueEditRoutes } from './routes/issueEdit';
import { registerIssueRoutes } from './routes/issues';
import { registerIssueSearchRoutes } from './routes/issueSearch';
import { registerKeyRoutes } from './routes/keys';
import { registerMergeRoutes } from './routes/merge';
import { registerMigrateRoutes } from './routes/migrate';
import { registerMiscRoutes } from './routes/misc';
import { registerNotificationRoutes } from './routes/notifications';
import { registerOrgRoutes } from './routes/orgs';
import { registerPullRoutes } from './routes/pulls';
import { registerPullByBaseHeadRoute, registerPullCreateRoutes } from './routes/pullCreate';
import { registerPullUpdateRoutes } from './routes/pullUpdate';
import { registerForkAndProtectionRoutes } from './routes/forksProtections';
import { registerReactionRoutes } from './routes/reactions';
import { registerReleaseRoutes } from './routes/releases';
import { registerRepoRoutes } from './routes/repos';
import { registerReviewRoutes } from './routes/reviews';
import { registerReviewReplyRoutes } from './routes/reviewReplies';
import { registerTimeTrackingRoutes } from './routes/timeTracking';
import { registerUserRoutes } from './routes/users';
import { registerUserRepoRoutes } from './routes/userRepos';

export function buildApiRouter(): Router {
  const r = new Router();
  registerMiscRoutes(r);
  registerIssueSearchRoutes(r);
  registerMigrateRoutes(r);
  registerUserRepoRoutes(r);
  registerRepoRoutes(r);
  registerContentRoutes(r);
  registerIssueTemplateRoutes(r);
  registerKeyRoutes(r);
  registerReleaseRoutes(r);
  registerIssueRoutes(r);
  registerIssueEditRoutes(r);
  registerCommentRoutes(r);
  registerReactionRoutes(r);
  registerDependencyRoutes(r);
  registerTimeTrackingRoutes(r);
  registerPullRoutes(r);
  registerPullCreateRoutes(r);
  registerPullUpdateRoutes(r);
  registerForkAndProtectionRoutes(r);
  registerReviewRoutes(r);
  registerReviewReplyRoutes(r);
  registerMergeRoutes(r);
  registerCommitStatusRoutes(r);
  const actions = actionsUnit(r);
  registerActionRoutes(actions);
  registerRerunRoutes(actions);
  registerWorkflowRoutes(actions);
  registerArtifactRoutes(actions);
  registerActionDeleteRoutes(actions);
  registerActionSettingsRoutes(r);
  registerHookRoutes(r);
  registerNotificationRoutes(r);
  registerOrgRoutes(r);
  registerUserRoutes(r);
  registerPullByBaseHeadRoute(r);
  return r;
}

function errorBody(server: ServerContext, auth: AuthResult, status: number, message: string): Record<string, unknown> {
  if (status === 404 && message === '') {
    return server.flavor === 'forgejo'
      ? { message: "The target couldn't be found.", url: server.swaggerUrl, errors: null }
      : { message: 'not found', url: server.swaggerUrl };
  }
  if (status >= 500 && !auth.user?.isAdmin) message = '';
  return { message, url: server.swaggerUrl };
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = goJson(value);
  res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export async function handleApi(
  server: ServerContext,
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
  relPath: string,
  apiPath: string,
  query: URLSearchParams,
  body: unknown,
  rawBody: Buffer,
): Promise<void> {
  let auth: AuthResult = ANONYMOUS;
  try {
    auth = authenticateApi(server.state, req.headers, server.flavor);
    const match = router.match(req.method ?? 'GET', apiPath);
    if (match.kind === 'none') throw new ApiError(404, '');
    if (match.kind === 'methodNotAllowed') throw new RawResponseError(405, '');
    checkTokenScopes(auth, req.method ?? 'GET', match.scopes);
    const ctx = new Ctx(server, req, res, relPath, query, body, rawBody, auth);
    ctx.params = match.params;
    await match.handler(ctx);
    if (!res.headersSent) sendJson(res, 500, errorBody(server, auth, 500, 'handler did not respond'));
  } catch (err) {
    if (err instanceof ApiError) {
      sendJson(res, err.status, { ...errorBody(server, auth, err.status, err.message), ...(err.extra ?? {}) });
    } else if (err instanceof RedirectError) {
      res.writeHead(err.status, { Location: err.location });
      res.end();
    } else if (err instanceof RawResponseError) {
      res.writeHead(err.status, { 'Content-Type': err.contentType });
      res.end(err.body);
    } else {
      const message = err instanceof Error ? err.message : String(err);
      sendJson(res, 500, errorBody(server, auth, 500, message));
    }
  }
}

/**
 * The routes of a repository's Actions, as Gitea groups them under reqRepoReader(unit.TypeActions): each checks the
 * unit first. The artifact's signed `/zip/raw` is outside that group in Gitea (its signature is the authorization).
 */
function actionsUnit(r: Router): Router {
  const guarded = Object.create(r) as Router;
  guarded.add = (method, path, scopes, handler) =>
    r.add(method, path, scopes, path.endsWith('/zip/raw') ? handler : (ctx) => {
      ctx.requireActionsReader();
      return handler(ctx);
    });
  return guarded;
}
