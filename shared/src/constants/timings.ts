export const GITHUB_SUCCESS_REDIRECT_MS = 1500;
export const GITHUB_ERROR_REDIRECT_MS = 4000;
export const COPY_CONFIRMATION_MS = 2000;

/** The message list keeps following new content while the user is within this distance of the bottom. */
export const AUTO_SCROLL_THRESHOLD_PX = 150;
export const AUTO_SCROLL_DEBOUNCE_MS = 50;

/** Sign-in area toasts: at most this many visible at once. */
export const TOAST_LIMIT = 1;
/** Sign-in area toasts: delay before a dismissed toast is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Reset area toasts: how long a toast stays when no duration is given. */
export const RESET_TOAST_DEFAULT_DURATION_MS = 5000;

/** The stream sends an SSE comment this often so CloudFront's origin read timeout never fires. */
export const STREAM_PING_INTERVAL_MS = 10_000;
