/** Focus ring shared by the landing page's links and buttons. */
export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

export const PRIMARY_BUTTON = `inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg bg-indigo-600 px-3 sm:px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS_RING}`;
