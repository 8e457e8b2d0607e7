export const API_BASE_PATH = '/api';
/** Port of the local API server: the spec's local fallback for the API base. */
export const LOCAL_API_PORT = 3000;
export const LOCAL_API_BASE_URL = `http://localhost:${LOCAL_API_PORT}${API_BASE_PATH}`;
export const AWS_REGION = 'us-east-1';

/** 0 means no timeout. */
export const HTTP_TIMEOUT_MS = 0;
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
/** The region API requests are signed for (spec constant; the same value as AWS_REGION). */
export const REST_SIGNING_REGION = 'us-east-1';
export const REST_SIGNING_SERVICE = 'execute-api';

export const SOCIAL_SIGN_IN_PROVIDER = 'Google';
export const OAUTH_SCOPES = ['email', 'profile', 'openid'] as const;
export const PKCE_VERIFIER_LENGTH = 128;
export const OAUTH_STATE_LENGTH = 32;

/** Where checkout returns to, relative to the app's origin. */
export const SUBSCRIPTION_SUCCESS_PATH = '/subscription/success';
export const SUBSCRIPTION_CANCEL_PATH = '/subscription/cancel';

/**
 * The agent's streaming routes, relative to API_BASE_PATH: behind the same Function URL pattern as
 * the chat's stream, so the web app reaches them beside `streamUrl`.
 */
export const AGENT_STREAM_PATHS = {
  plan: '/agent/plan-stream',
  execute: '/agent/execute-stream',
} as const;
