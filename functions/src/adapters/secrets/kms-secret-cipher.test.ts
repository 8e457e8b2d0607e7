import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { SecretCipherError } from '../../domain/secret-cipher.js';
import { createKmsSecretCipher } from './kms-secret-cipher.js';

const kms = mockClient(KMSClient);
const keyId = 'arn:aws:kms:us-east-1:123456789012:key/test';
const context = { userId: 'u1', keyId: 'k1' };
const blob = Uint8Array.from([1, 2, 3, 250]);

beforeEach(() => kms.reset());

const cipher = () => createKmsSecretCipher({ client: new KMSClient({ region: 'us-east-1' }), keyId });

describe('the KMS secret cipher', () => {
  it('encrypts with the key and the context as EncryptionContext, answering the blob in base64', async () => {
    kms.on(EncryptCommand).resolves({ CiphertextBlob: blob });

    expect(await cipher().encrypt('sk-secret', context)).toBe(Buffer.from(blob).toString('base64'));

    const [call] = kms.commandCalls(EncryptCommand);
    const input = call?.args[0].input;
    expect(input?.KeyId).toBe(keyId);
    expect(input?.EncryptionContext).toEqual(context);
    expect(Buffer.from(input?.Plaintext ?? []).toString('utf8')).toBe('sk-secret');
  });

  it('decrypts the base64 blob with the same context', async () => {
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('sk-secret') });

    expect(await cipher().decrypt(Buffer.from(blob).toString('base64'), context)).toBe('sk-secret');

    const input = kms.commandCalls(DecryptCommand)[0]?.args[0].input;
    expect(input?.EncryptionContext).toEqual(context);
    expect(input?.KeyId).toBe(keyId);
    expect(Buffer.from(input?.CiphertextBlob ?? [])).toEqual(Buffer.from(blob));
  });

  it('turns a KMS rejection (wrong context, tampered blob) into a SecretCipherError keeping the cause', async () => {
    const rejection = Object.assign(new Error('invalid ciphertext'), { name: 'InvalidCiphertextException' });
    kms.on(DecryptCommand).rejects(rejection);

    const error = await cipher()
      .decrypt('AQID', context)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretCipherError);
    expect((error as Error).cause).toBe(rejection);
  });

  it('fails on first use, without calling KMS, where the key id is not configured', async () => {
    const unconfigured = createKmsSecretCipher({
      client: new KMSClient({ region: 'us-east-1' }),
      keyId: undefined,
    });
    await expect(unconfigured.encrypt('x', context)).rejects.toThrow(/SECRETS_KMS_KEY_ID/);
    expect(kms.calls()).toHaveLength(0);
  });
});
