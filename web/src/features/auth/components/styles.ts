/** Inline text links of the guest screens. */
export const AUTH_LINK =
  'rounded font-semibold text-indigo-600 transition hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
