/** Client-side messages of the API error catalogue (spec section 8, "API errors"). */
export const API_ERROR_MESSAGES = {
  network: 'Failed to connect to the server. Please check your network connection.',
  parseFailure: 'Failed to parse server response despite success status',
  noIdToken: 'No ID token available after refresh. Please log in again.',
  sessionExpired: 'Your session may have expired. Please try logging in again.',
  httpError: (status: number) => `HTTP error ${status}`,
  /** The generic REST helper: unknown API name, and a request cancelled by the caller. */
  invalidApiName: 'InvalidApiName',
  requestCanceled: 'Request is canceled by user',
} as const;

export const ROUTER_MESSAGES = {
  notFound: 'Sorry, page not found!',
  unexpected: 'Unexpected Application Error!',
  loading: 'Loading...',
  guardError: (error: string) => `Error: ${error}. Please try refreshing or contacting support.`,
} as const;

/** The stable codes the API sends in its error body (`{code, message}`) on every 4xx/5xx. */
export const API_ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL',
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_CODES;

export const API_ERROR_STATUS: Readonly<Record<ApiErrorCode, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** The API's own default message per code; a 5xx never says more than this. */
export const API_ERROR_CODE_MESSAGES: Readonly<Record<ApiErrorCode, string>> = {
  BAD_REQUEST: 'Bad request',
  UNAUTHORIZED: 'Unauthorized',
  FORBIDDEN: 'Forbidden',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflict',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  RATE_LIMITED: 'Too many requests',
  INTERNAL: 'Internal server error',
};
