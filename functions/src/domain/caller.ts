/** The verified caller, taken from the ID token's claims: never from a request body. */
export interface Caller {
  userId: string;
  email: string;
  /**
   * The token's `email_verified`: the address is proven the caller's. Invitations and the whitelist
   * match on `email` only when it is (absent counts as not verified).
   */
  emailVerified?: boolean;
  /** The identity service's user name (`cognito:username`), where the authorizer gave it: account deletion. */
  username?: string;
  /**
   * The verified ID token itself, where the function checked it (the stream): its MCP tool calls
   * go through the gateway as the caller.
   */
  idToken?: string;
  /** Where the request came from (the audit log): API Gateway's source IP and the User-Agent. */
  client?: { sourceIp: string; userAgent: string };
  /**
   * Set on a team's actor (team-scope.ts, userId the team's): the member acting. A team server
   * with per-member values runs and is reached as this member's own instance.
   */
  memberId?: string;
  /**
   * Set on an automation run's actor (the runner): the run, and the team if the automation is a
   * team's. Its MCP tools go through the gateway with a credential naming them.
   */
  automationRun?: { runId: string; teamId?: string };
}

/** `email_verified` as the token carries it: a boolean, or the string API Gateway's authorizer passes on. */
export const isEmailVerifiedClaim = (claim: unknown): boolean => claim === true || claim === 'true';
