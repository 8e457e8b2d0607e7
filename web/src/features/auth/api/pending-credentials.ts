/**
 * The e-mail and password kept between sign-up (or a login refused because the account is not
 * confirmed yet) and the confirmation, so an automatic login can follow (spec 3 "Sign-up result").
 * Module memory only: never written to any storage, gone on reload.
 */
type Credentials = { email: string; password: string };

let kept: Credentials | null = null;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function keepCredentials(email: string, password: string): void {
  kept = { email, password };
}

/** The kept credentials of `email`, once: they are forgotten as they are handed out. */
export function takeCredentials(email: string): Credentials | null {
  if (!kept || !sameEmail(kept.email, email)) return null;
  const credentials = kept;
  kept = null;
  return credentials;
}

export function hasCredentials(email: string): boolean {
  return kept !== null && sameEmail(kept.email, email);
}

export function forgetCredentials(): void {
  kept = null;
}
