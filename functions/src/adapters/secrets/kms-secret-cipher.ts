import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import {
  assertSecretSize,
  type EncryptionContext,
  type SecretCipher,
  SecretCipherError,
} from '../../domain/secret-cipher.js';

export interface KmsSecretCipherOptions {
  client: KMSClient;
  /** SECRETS_KMS_KEY_ID: set only on the functions granted the key; others fail on first use. */
  keyId: string | undefined;
}

/** AWS: KMS Encrypt/Decrypt with the context as EncryptionContext. Ciphertext: the KMS blob, base64. */
export function createKmsSecretCipher({ client, keyId }: KmsSecretCipherOptions): SecretCipher {
  const requireKeyId = () => {
    if (!keyId) throw new SecretCipherError('SECRETS_KMS_KEY_ID is not set for this function');
    return keyId;
  };

  return {
    async encrypt(plaintext, context) {
      assertSecretSize(plaintext);
      const { CiphertextBlob } = await send('encrypt', () =>
        client.send(
          new EncryptCommand({
            KeyId: requireKeyId(),
            Plaintext: Buffer.from(plaintext, 'utf8'),
            EncryptionContext: { ...context },
          }),
        ),
      );
      if (!CiphertextBlob) throw new SecretCipherError('KMS returned no ciphertext');
      return Buffer.from(CiphertextBlob).toString('base64');
    },

    async decrypt(ciphertext, context: EncryptionContext) {
      const { Plaintext } = await send('decrypt', () =>
        client.send(
          new DecryptCommand({
            KeyId: requireKeyId(),
            CiphertextBlob: Buffer.from(ciphertext, 'base64'),
            EncryptionContext: { ...context },
          }),
        ),
      );
      if (!Plaintext) throw new SecretCipherError('KMS returned no plaintext');
      return Buffer.from(Plaintext).toString('utf8');
    },
  };
}

async function send<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SecretCipherError) throw error;
    throw new SecretCipherError(`KMS could not ${operation} the secret`, { cause: error });
  }
}
