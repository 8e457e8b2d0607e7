import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SECRET_BYTES, SecretCipherError } from '../../domain/secret-cipher.js';
import { ensureLocalSecretKeyFile } from './local-key-file.js';
import { createLocalSecretCipher } from './local-secret-cipher.js';

let dir: string;
let keyFile: string;
const context = { userId: 'u1', keyId: 'k1' };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'secrets-'));
  keyFile = join(dir, 'nested', 'secrets.key');
  await ensureLocalSecretKeyFile(keyFile);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the local key file', () => {
  it('holds 32 random bytes readable by the owner only', async () => {
    expect((await readFile(keyFile)).length).toBe(32);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
  });

  it('is created once and kept on later starts', async () => {
    const first = await readFile(keyFile);
    await ensureLocalSecretKeyFile(keyFile);
    expect(await readFile(keyFile)).toEqual(first);
  });

  it('is rejected when it does not hold a 32-byte key', async () => {
    await writeFile(keyFile, 'short');
    const cipher = createLocalSecretCipher({ keyFile });
    await expect(cipher.encrypt('secret', context)).rejects.toThrow(/must hold 32 bytes/);
  });
});

describe('the local secret cipher', () => {
  it('round-trips a secret and never stores it in the clear', async () => {
    const cipher = createLocalSecretCipher({ keyFile });
    const ciphertext = await cipher.encrypt('sk-live-abcdef1234', context);
    expect(ciphertext).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(ciphertext).not.toContain('abcdef');
    expect(await cipher.decrypt(ciphertext, context)).toBe('sk-live-abcdef1234');
  });

  it('uses a fresh IV each time', async () => {
    const cipher = createLocalSecretCipher({ keyFile });
    expect(await cipher.encrypt('same', context)).not.toBe(await cipher.encrypt('same', context));
  });

  it('decrypts with the same context given in another key order', async () => {
    const cipher = createLocalSecretCipher({ keyFile });
    const ciphertext = await cipher.encrypt('secret', { a: '1', b: '2' });
    expect(await cipher.decrypt(ciphertext, { b: '2', a: '1' })).toBe('secret');
  });

  it('fails with another context (another owner or record)', async () => {
    const cipher = createLocalSecretCipher({ keyFile });
    const ciphertext = await cipher.encrypt('secret', context);
    await expect(cipher.decrypt(ciphertext, { ...context, userId: 'u2' })).rejects.toThrow(SecretCipherError);
    await expect(cipher.decrypt(ciphertext, { userId: 'u1' })).rejects.toThrow(SecretCipherError);
  });

  it('fails when any part of the ciphertext was tampered with', async () => {
    const cipher = createLocalSecretCipher({ keyFile });
    const parts = (await cipher.encrypt('secret', context)).split('.');
    for (const index of [1, 2, 3]) {
      const tampered = [...parts];
      const bytes = Buffer.from(tampered[index] ?? '', 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      tampered[index] = bytes.toString('base64url');
      await expect(cipher.decrypt(tampered.join('.'), context)).rejects.toThrow(SecretCipherError);
    }
    await expect(cipher.decrypt(`v2.${parts.slice(1).join('.')}`, context)).rejects.toThrow(
      /Unrecognised ciphertext format/,
    );
  });

  it('fails with another key', async () => {
    const ciphertext = await createLocalSecretCipher({ keyFile }).encrypt('secret', context);
    const otherKeyFile = join(dir, 'other.key');
    await ensureLocalSecretKeyFile(otherKeyFile);
    await expect(
      createLocalSecretCipher({ keyFile: otherKeyFile }).decrypt(ciphertext, context),
    ).rejects.toThrow(SecretCipherError);
  });

  it('refuses secrets larger than KMS would take', async () => {
    const cipher = createLocalSecretCipher({ keyFile });
    await expect(cipher.encrypt('x'.repeat(MAX_SECRET_BYTES + 1), context)).rejects.toThrow(
      SecretCipherError,
    );
    await expect(cipher.encrypt('x'.repeat(MAX_SECRET_BYTES), context)).resolves.toMatch(/^v1\./);
  });
});
