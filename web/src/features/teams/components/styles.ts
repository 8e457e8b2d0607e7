/** The Teams screen's button styles (teams-screen.tsx and its parts). */
export const BUTTON =
  'inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold shadow-sm ring-1 ring-inset transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';
export const PRIMARY = `${BUTTON} bg-indigo-600 text-white ring-indigo-600 hover:bg-indigo-500`;
