import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SecretCipherError } from '../../domain/secret-cipher.js';

/** AES-256 key length. */
export const LOCAL_SECRET_KEY_BYTES = 32;

/**
 * Creates the local stack's secrets key file (32 random bytes, mode 0600) unless it exists: the
 * key is made once, so secrets stored in `.local/` stay readable across restarts. Returns the path.
 */
export async function ensureLocalSecretKeyFile(path: string): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, randomBytes(LOCAL_SECRET_KEY_BYTES), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return path;
}

export async function readLocalSecretKey(path: string): Promise<Buffer> {
  const key = await readFile(path).catch((error: unknown) => {
    throw new SecretCipherError(`Cannot read the local secrets key file ${path}`, { cause: error });
  });
  if (key.length !== LOCAL_SECRET_KEY_BYTES) {
    throw new SecretCipherError(
      `The local secrets key file ${path} must hold ${LOCAL_SECRET_KEY_BYTES} bytes`,
    );
  }
  return key;
}
