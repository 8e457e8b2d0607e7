import { DecryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { SecretCipherError } from '../../domain/secret-cipher.js';
import { withDecryptCache } from './decrypt-cache.js';
import { createKmsSecretCipher } from './kms-secret-cipher.js';

const kms = mockClient(KMSClient);
const keyId = 'arn:aws:kms:us-east-1:123456789012:key/test';
const ciphertext = Buffer.from([1, 2, 3, 250]).toString('base64');
const alice = { purpose: 'provider-api-key', userId: 'alice', keyId: 'k1' };

let clock = 0;
const cached = (limits = { maxAgeMs: 60_000, maxEntries: 2 }) =>
  withDecryptCache(
    createKmsSecretCipher({ client: new KMSClient({ region: 'us-east-1' }), keyId }),
    limits,
    () => clock,
  );
const decrypts = () => kms.commandCalls(DecryptCommand).length;

beforeEach(() => {
  kms.reset();
  clock = 0;
  kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('sk-secret') });
});

describe('the decrypt cache over the KMS cipher', () => {
  it('asks KMS once for a secret decrypted again under the same context (keys in any order)', async () => {
    const cipher = cached();
    expect(await cipher.decrypt(ciphertext, alice)).toBe('sk-secret');
    clock = 59_000;
    const reordered = { keyId: 'k1', userId: 'alice', purpose: 'provider-api-key' };
    expect(await cipher.decrypt(ciphertext, reordered)).toBe('sk-secret');
    expect(decrypts()).toBe(1);
  });

  it("never answers from another user's or record's context: KMS decides (and refuses) those", async () => {
    const cipher = cached();
    await cipher.decrypt(ciphertext, alice);
    kms
      .on(DecryptCommand)
      .rejects(Object.assign(new Error('bad context'), { name: 'InvalidCiphertextException' }));

    await expect(cipher.decrypt(ciphertext, { ...alice, userId: 'bob' })).rejects.toBeInstanceOf(
      SecretCipherError,
    );
    await expect(cipher.decrypt(ciphertext, { ...alice, keyId: 'k2' })).rejects.toBeInstanceOf(
      SecretCipherError,
    );
    expect(decrypts()).toBe(3);
  });

  it('asks KMS again once the age has passed', async () => {
    const cipher = cached();
    await cipher.decrypt(ciphertext, alice);
    clock = 60_000;
    await cipher.decrypt(ciphertext, alice);
    expect(decrypts()).toBe(2);
  });

  it('keeps at most maxEntries secrets, dropping the oldest', async () => {
    const cipher = cached();
    const other = (n: number) => Buffer.from([n]).toString('base64');
    await cipher.decrypt(other(1), alice);
    await cipher.decrypt(other(2), alice);
    await cipher.decrypt(other(3), alice);
    expect(decrypts()).toBe(3);
    await cipher.decrypt(other(3), alice);
    await cipher.decrypt(other(2), alice);
    expect(decrypts()).toBe(3);
    await cipher.decrypt(other(1), alice);
    expect(decrypts()).toBe(4);
  });

  it('does not keep a failure: the next decrypt asks KMS again', async () => {
    const cipher = cached();
    kms
      .on(DecryptCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ Plaintext: Buffer.from('sk-secret') });
    await expect(cipher.decrypt(ciphertext, alice)).rejects.toBeInstanceOf(SecretCipherError);
    expect(await cipher.decrypt(ciphertext, alice)).toBe('sk-secret');
    expect(decrypts()).toBe(2);
  });

  it('shares one KMS call between concurrent decrypts of one secret', async () => {
    const cipher = cached();
    const answers = await Promise.all([cipher.decrypt(ciphertext, alice), cipher.decrypt(ciphertext, alice)]);
    expect(answers).toEqual(['sk-secret', 'sk-secret']);
    expect(decrypts()).toBe(1);
  });
});
