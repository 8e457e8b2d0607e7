import {
  API_ERROR_MESSAGES,
  type ApiErrorKind,
  apiErrorKind,
  apiErrorMessageFromBody,
} from '@agentforge/shared';

export type { ApiErrorKind };

type ApiErrorInit = {
  status: number;
  statusText?: string;
  /** The response body: parsed JSON, else its text, else null. */
  data?: unknown;
  /** Defaults to the kind of `status` (shared `apiErrorKind`). */
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

/**
 * The error for a non-2xx response (spec 8): the message from the body (`error.message`,
 * `error`, `message`, else 'HTTP error {status}').
 *
 * Session expiry, decided here: every request carries a current ID token (Amplify refreshes a
 * token that is about to expire, and the client forces one refresh when none is at hand), and
 * the API answers 401 only when it refuses that token (API Gateway's Cognito authorizer:
 * `{"message":"Unauthorized"}`; the local stack and the stream route: `{code:'UNAUTHORIZED'}`).
 * So any 401 means the session is no longer valid (refresh token expired or revoked, signed out
 * elsewhere) and reads 'Your session may have expired. Please try logging in again.'. A 403
 * (a real permission rule) keeps the body's message. The body stays in `data` either way.
 */
export function apiErrorFromResponse(status: number, statusText: string, data: unknown): ApiError {
  const message = status === 401 ? API_ERROR_MESSAGES.sessionExpired : apiErrorMessageFromBody(data, status);
  return new ApiError(message, { status, statusText, data });
}
