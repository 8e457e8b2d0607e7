import { KMSClient } from '@aws-sdk/client-kms';
import { withDecryptCache } from '../adapters/secrets/decrypt-cache.js';
import { createKmsSecretCipher } from '../adapters/secrets/kms-secret-cipher.js';
import { createLocalSecretCipher } from '../adapters/secrets/local-secret-cipher.js';
import type { SecretCipher } from '../domain/secret-cipher.js';
import { env, required } from './root.js';

let cipher: SecretCipher | undefined;
/**
 * Secrets at rest: AES-256-GCM with the local key file locally, KMS on AWS; what a warm function
 * decrypted is kept for a bounded time (decrypt-cache.ts: not a KMS round trip per reply).
 */
export function secretCipher(): SecretCipher {
  cipher ??= withDecryptCache(
    env.RUNTIME === 'local'
      ? createLocalSecretCipher({ keyFile: required('LOCAL_SECRETS_KEY_FILE') })
      : createKmsSecretCipher({
          client: new KMSClient({ region: env.AWS_REGION }),
          keyId: env.SECRETS_KMS_KEY_ID,
        }),
  );
  return cipher;
}
