// Errors the route handlers throw; the dispatcher turns them into Gitea-shaped responses.
// Body shape is Gitea's APIError: {"message": "...", "url": "<root>/api/swagger"}.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields merged into the body (e.g. Forgejo's `errors`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A 404 with Gitea 1.27's generic text; the dispatcher adapts it to the flavour. */
export class NotFoundError extends ApiError {
  constructor(message?: string) {
    super(404, message ?? '');
  }
}

/** A response that is not JSON (e.g. the plain-text 405/500 of the web stack). */
export class RawResponseError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly contentType = 'text/plain; charset=utf-8',
  ) {
    super(body);
  }
}

export const notFound = (message?: string): never => {
  throw new NotFoundError(message);
};
export const fail = (status: number, message: string): never => {
  throw new ApiError(status, message);
};
export const unauthorized = (message = 'invalid username, password or token'): never => fail(401, message);
export const tokenRequired = (): never => fail(401, 'token is required');
export const forbidden = (message: string): never => fail(403, message);
export const unprocessable = (message: string): never => fail(422, message);
export const badRequest = (message: string): never => fail(400, message);
export const conflict = (message: string): never => fail(409, message);
export const archived = (): never => fail(423, 'repo is archived');
/** Gitea hides the text of a 500 from everyone but site admins; the dispatcher applies that rule. */
export const internal = (message: string): never => fail(500, message);

/** Gitea answers requests to a renamed repository's old name with a redirect to the new one. */
export class RedirectError extends Error {
  constructor(
    readonly status: number,
    readonly location: string,
  ) {
    super(`redirect to ${location}`);
  }
}
