import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Server side of Cognito's SRP-6a, mirroring Amplify v6 (auth/providers/cognito/utils/srp).
const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;

/** Even-length hex with a leading 00 when the top bit is set (Java BigInteger.toByteArray, as Amplify does). */
export function paddedHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
const hashOfHex = (hex: string): string => sha256Hex(Buffer.from(hex, 'hex'));
const toBigInt = (hex: string): bigint => BigInt(`0x${hex}`);

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

const k = toBigInt(hashOfHex(`${paddedHex(N)}${paddedHex(g)}`));

export interface SrpChallenge {
  /** Hex values sent to the client as SALT and SRP_B. */
  salt: string;
  srpB: string;
  /** Kept on the server until the client answers. */
  b: bigint;
  verifier: bigint;
}

/** x = H(salt | H(poolName + userId + ':' + password)); the verifier is g^x. */
export function computeVerifier(poolName: string, userId: string, password: string, saltHex: string): bigint {
  const inner = sha256Hex(`${poolName}${userId}:${password}`);
  const x = toBigInt(hashOfHex(`${paddedHex(toBigInt(saltHex))}${inner}`));
  return modPow(g, x, N);
}

/** The challenge for a user whose stored verifier is `verifier` (made with `salt`, see credential-store.ts). */
export function createSrpChallenge(salt: string, verifier: bigint): SrpChallenge {
  for (;;) {
    const b = toBigInt(randomBytes(64).toString('hex'));
    const B = (k * verifier + modPow(g, b, N)) % N;
    if (B !== 0n) return { salt, srpB: B.toString(16), b, verifier };
  }
}

export interface PasswordClaim {
  poolName: string;
  userId: string;
  srpA: string;
  secretBlock: string;
  timestamp: string;
  signature: string;
}

/** True when PASSWORD_CLAIM_SIGNATURE proves knowledge of the password behind the challenge's verifier. */
export function verifyPasswordClaim(challenge: SrpChallenge, claim: PasswordClaim): boolean {
  const A = toBigInt(claim.srpA);
  if (A % N === 0n) return false;
  const B = toBigInt(challenge.srpB);
  const u = toBigInt(hashOfHex(`${paddedHex(A)}${paddedHex(B)}`));
  if (u === 0n) return false;
  const S = modPow((A * modPow(challenge.verifier, u, N)) % N, challenge.b, N);
  // HKDF with salt u over S, info 'Caldera Derived Key' + 0x01, first 16 bytes.
  const prk = createHmac('sha256', Buffer.from(paddedHex(u), 'hex'))
    .update(Buffer.from(paddedHex(S), 'hex'))
    .digest();
  const hkdf = createHmac('sha256', prk).update('Caldera Derived Key\u0001').digest().subarray(0, 16);
  const expected = createHmac('sha256', hkdf)
    .update(
      Buffer.concat([
        Buffer.from(claim.poolName, 'utf8'),
        Buffer.from(claim.userId, 'utf8'),
        Buffer.from(claim.secretBlock, 'base64'),
        Buffer.from(claim.timestamp, 'utf8'),
      ]),
    )
    .digest();
  const given = Buffer.from(claim.signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
