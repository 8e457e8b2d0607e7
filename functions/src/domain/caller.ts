/** The verified caller, taken from the ID token's claims: never from a request body. */
export interface Caller {
  userId: string;
  email: string;
}
