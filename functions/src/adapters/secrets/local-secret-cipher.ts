import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  assertSecretSize,
  type EncryptionContext,
  type SecretCipher,
  SecretCipherError,
} from '../../domain/secret-cipher.js';
import { readLocalSecretKey } from './local-key-file.js';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The local stack's cipher: AES-256-GCM with the key from a local key file, the context bound as
 * additional authenticated data. Ciphertext: `v1.<iv>.<tag>.<data>`, each part base64url.
 */
export function createLocalSecretCipher(options: { keyFile: string }): SecretCipher {
  let key: Promise<Buffer> | undefined;
  const loadKey = () => {
    key ??= readLocalSecretKey(options.keyFile);
    return key;
  };

  return {
    async encrypt(plaintext, context) {
      assertSecretSize(plaintext);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, await loadKey(), iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData(context));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },

    async decrypt(ciphertext, context) {
      const [version, iv, tag, data] = ciphertext.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) {
        throw new SecretCipherError('Unrecognised ciphertext format');
      }
      try {
        const decipher = createDecipheriv(ALGORITHM, await loadKey(), Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(additionalData(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch (error) {
        throw new SecretCipherError('Could not decrypt the secret', { cause: error });
      }
    },
  };
}

/** The context in a canonical form (keys sorted), so key order never matters. */
function additionalData(context: EncryptionContext): Buffer {
  const entries = Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Buffer.from(JSON.stringify(entries), 'utf8');
}
