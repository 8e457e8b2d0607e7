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
