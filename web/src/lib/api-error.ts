import { API_ERROR_MESSAGES, apiErrorBodySchema } from '@agentforge/shared';

/** What went wrong, by HTTP status (spec 8 "API errors"). */
export type ApiErrorKind = 'auth' | 'not_found' | 'server' | 'client' | 'network';

export function apiErrorKind(status: number): ApiErrorKind {
  if (status === 0) return 'network';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'server';
  return 'client';
}

type ApiErrorInit = {
  status: number;
  statusText?: string;
  /** The response body: parsed JSON, else its text, else null. */
  data?: unknown;
  /** Defaults to the kind of `status`. */
  kind?: ApiErrorKind;
  cause?: unknown;
};

/** Every failure of a product API call: HTTP errors, network failures, token and parse problems. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly data: unknown;
  readonly kind: ApiErrorKind;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.data = init.data ?? null;
    this.kind = init.kind ?? apiErrorKind(init.status);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body's `error.message`, else `error` (a string), else `message`, else 'HTTP error {status}'. */
export function messageFromBody(body: unknown, status: number): string {
  if (isRecord(body)) {
    const { error, message } = body;
    if (isRecord(error) && typeof error.message === 'string' && error.message) return error.message;
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return API_ERROR_MESSAGES.httpError(status);
}

/**
 * The error for a non-2xx response.
 *
 * Session expiry: every request carries a current ID token (Amplify refreshes tokens that are
 * about to expire, and the client refreshes once when none is at hand). So a 401 that does not
 * come from our own handlers, which always answer with `{code, message}`, is the gateway's
 * Cognito authorizer refusing the token (it answers `{"message":"Unauthorized"}`): the session is
 * no longer valid (refresh token expired, revoked or signed out elsewhere). That 401 reads
 * 'Your session may have expired. Please try logging in again.'; a 401 with our code keeps the
 * handler's message.
 */
export function apiErrorFromResponse(status: number, statusText: string, data: unknown): ApiError {
  const fromOurHandlers = apiErrorBodySchema.safeParse(data).success;
  const message =
    status === 401 && !fromOurHandlers ? API_ERROR_MESSAGES.sessionExpired : messageFromBody(data, status);
  return new ApiError(message, { status, statusText, data });
}
