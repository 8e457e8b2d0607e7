import * as z from 'zod';
import { UnauthorizedError } from '../errors.js';

/**
 * The key that signs and checks gateway credentials: KMS GenerateMac/VerifyMac with an HMAC key on
 * AWS (the runner may only sign, the gateway only verify), HMAC-SHA-256 with a local key locally.
 */
export type SignMac = (message: Uint8Array) => Promise<Uint8Array>;
/** False for a MAC that does not match (never throws for that). */
export type VerifyMac = (message: Uint8Array, mac: Uint8Array) => Promise<boolean>;

/**
 * An automation run's credential lives as long as one runner invocation can (Lambda's 15 minutes):
 * each invocation mints its own when it opens the run's servers.
 */
export const GATEWAY_CREDENTIAL_TTL_MS = 15 * 60_000;
/** Versioned, and what the MAC covers starts with it: a credential is never taken for anything else. */
const PREFIX = 'afrun1.';
const MAX_LENGTH = 2048;
const CLOCK_SKEW_MS = 30_000;

const id = z.string().min(1).max(128);
const claimsSchema = z.strictObject({
  /** The person the run acts as: the automation's owner, or the team member who created it. */
  userId: id,
  /** A team's automation: the team whose server it may use (else only the person's own servers). */
  teamId: id.optional(),
  serverId: z.string().min(1).max(64),
  runId: id,
  /** Expiry, epoch milliseconds. */
  exp: z.number().int().positive(),
});
export type GatewayCredentialClaims = z.infer<typeof claimsSchema>;

const UNAUTHORIZED = 'Invalid or expired automation credential';

/**
 * The automation runner's credential at the MCP gateway (docs/decisions/mcp-servers.md,
 * "Automations through the gateway"): it names the person, their team if the automation is a
 * team's, the one server and the run, and expires within minutes. Minted by the runner...
 */
export function createCredentialMinter(deps: { sign: SignMac; now: () => number }) {
  return async (claims: Omit<GatewayCredentialClaims, 'exp'>): Promise<string> => {
    const payload = claimsSchema.parse({ ...claims, exp: deps.now() + GATEWAY_CREDENTIAL_TTL_MS });
    const signed = `${PREFIX}${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    const mac = await deps.sign(Buffer.from(signed));
    return `${signed}.${Buffer.from(mac).toString('base64url')}`;
  };
}
export type CredentialMinter = ReturnType<typeof createCredentialMinter>;

/**
 * ... and checked by the gateway: the claims of a genuine, unexpired credential for `serverId`;
 * 401 (UnauthorizedError) otherwise.
 */
export function createCredentialVerifier(deps: { verify: VerifyMac; now: () => number }) {
  return async (token: string | undefined, serverId: string): Promise<GatewayCredentialClaims> => {
    if (!token || token.length > MAX_LENGTH || !token.startsWith(PREFIX)) throw new UnauthorizedError();
    const dot = token.lastIndexOf('.');
    const signed = token.slice(0, dot);
    const encodedMac = token.slice(dot + 1);
    const mac = Buffer.from(encodedMac, 'base64url');
    // One spelling per credential: base64url's last character carries spare bits a decoder ignores,
    // so a changed character could otherwise still verify.
    if (dot <= PREFIX.length || mac.length === 0 || mac.toString('base64url') !== encodedMac)
      throw new UnauthorizedError(UNAUTHORIZED);
    if (!(await deps.verify(Buffer.from(signed), mac))) throw new UnauthorizedError(UNAUTHORIZED);
    const claims = claimsSchema.safeParse(parse(signed.slice(PREFIX.length)));
    if (!claims.success) throw new UnauthorizedError(UNAUTHORIZED);
    const now = deps.now();
    // Expired, or living longer than any credential is minted for.
    if (claims.data.exp <= now || claims.data.exp > now + GATEWAY_CREDENTIAL_TTL_MS + CLOCK_SKEW_MS)
      throw new UnauthorizedError(UNAUTHORIZED);
    if (claims.data.serverId !== serverId) throw new UnauthorizedError(UNAUTHORIZED);
    return claims.data;
  };
}
export type CredentialVerifier = ReturnType<typeof createCredentialVerifier>;

function parse(encoded: string): unknown {
  try {
    return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}
