import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What S3 keeps about an object besides its bytes. */
export interface ObjectInfo {
  key: string;
  contentType: string;
  size: number;
  etag: string;
  lastModified: number;
  /** `x-amz-meta-*` headers, names lower case without the prefix. */
  metadata: Record<string, string>;
}

/**
 * One bucket's objects on disk: `<dir>/<sha256(key)>.bin` and its `.json` description. Keys never
 * become paths, so no key can name a file outside the directory. Listing reads every description:
 * fine for one developer's data.
 */
export function createObjectStore(dir: string) {
  const fileOf = (key: string) => join(dir, createHash('sha256').update(key).digest('hex'));
  const ready = mkdir(dir, { recursive: true, mode: 0o700 });

  async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, path);
  }

  async function head(key: string): Promise<ObjectInfo | undefined> {
    await ready;
    try {
      return JSON.parse(await readFile(`${fileOf(key)}.json`, 'utf8')) as ObjectInfo;
    } catch {
      return undefined;
    }
  }

  return {
    head,

    async put(
      key: string,
      body: Buffer,
      info: Pick<ObjectInfo, 'contentType' | 'metadata'>,
    ): Promise<ObjectInfo> {
      await ready;
      const object: ObjectInfo = {
        key,
        ...info,
        size: body.length,
        etag: `"${createHash('md5').update(body).digest('hex')}"`,
        lastModified: Date.now(),
      };
      // The bytes first: a description always points at complete bytes.
      await writeAtomically(`${fileOf(key)}.bin`, body);
      await writeAtomically(`${fileOf(key)}.json`, JSON.stringify(object));
      return object;
    },

    async get(key: string): Promise<{ info: ObjectInfo; body: Buffer } | undefined> {
      const info = await head(key);
      if (!info) return undefined;
      try {
        return { info, body: await readFile(`${fileOf(key)}.bin`) };
      } catch {
        return undefined;
      }
    },

    async delete(key: string): Promise<void> {
      await ready;
      await rm(`${fileOf(key)}.json`, { force: true });
      await rm(`${fileOf(key)}.bin`, { force: true });
    },

    /** Every object whose key starts with `prefix`, in key order. */
    async list(prefix: string): Promise<ObjectInfo[]> {
      await ready;
      const objects: ObjectInfo[] = [];
      for (const name of await readdir(dir)) {
        if (!name.endsWith('.json')) continue;
        try {
          const info = JSON.parse(await readFile(join(dir, name), 'utf8')) as ObjectInfo;
          if (info.key.startsWith(prefix)) objects.push(info);
        } catch {
          // Deleted meanwhile.
        }
      }
      return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}
export type ObjectStore = ReturnType<typeof createObjectStore>;
