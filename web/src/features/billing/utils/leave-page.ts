/** Sends the browser to a payment page (checkout or the billing portal); a module of its own so tests can stand in for it. */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
