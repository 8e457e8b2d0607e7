import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { SignMac, VerifyMac } from '../../domain/mcp/gateway-credential.js';
import { readLocalSecretKey } from './local-key-file.js';

/**
 * The local stack's gateway credential MAC: HMAC-SHA-256 with a key derived (HKDF) from the local
 * secrets key file, so the credential's key is never the key that encrypts secrets, and nothing
 * new is kept on disk.
 */
export function createLocalCredentialMac({ keyFile }: { keyFile: string }): {
  sign: SignMac;
  verify: VerifyMac;
} {
  let key: Promise<Buffer> | undefined;
  const macKey = () => {
    key ??= readLocalSecretKey(keyFile).then((secret) =>
      Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'agentforge gateway credential', 32)),
    );
    return key;
  };
  const sign: SignMac = async (message) =>
    createHmac('sha256', await macKey())
      .update(message)
      .digest();
  return {
    sign,
    async verify(message, mac) {
      const expected = Buffer.from(await sign(message));
      return mac.length === expected.length && timingSafeEqual(expected, mac);
    },
  };
}
