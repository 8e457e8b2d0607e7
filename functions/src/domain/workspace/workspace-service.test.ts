import { MAX_WORKSPACE_FILES, WORKSPACE_DEMO_FILE, WORKSPACE_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../errors.js';
import type { StoredWorkspaceFile, WorkspaceFileRepository } from './workspace-file.js';
import { createWorkspaceService } from './workspace-service.js';

/** The repository's contract in memory: files by user and path, and who got the demo file. */
function memoryRepository(): WorkspaceFileRepository {
  const files = new Map<string, StoredWorkspaceFile>();
  const seeded = new Set<string>();
  const key = (userId: string, path: string) => `${userId}\u0000${path}`;
  return {
    list: async (userId) =>
      [...files.values()]
        .filter((file) => file.userId === userId)
        .sort((a, b) => a.path.localeCompare(b.path)),
    get: async (userId, path) => files.get(key(userId, path)),
    put: async (file) => void files.set(key(file.userId, file.path), file),
    delete: async (userId, path) => files.delete(key(userId, path)),
    rename: async (file, to, now) => {
      if (files.has(key(file.userId, to)) || !files.has(key(file.userId, file.path))) return false;
      files.delete(key(file.userId, file.path));
      files.set(key(file.userId, to), { ...file, path: to, updatedAt: now });
      return true;
    },
    markSeeded: async (userId) => !seeded.has(userId) && Boolean(seeded.add(userId)),
  };
}

function service() {
  let time = 1000;
  return createWorkspaceService({ files: memoryRepository(), now: () => ++time });
}

describe('the workspace service', () => {
  it('gives a new workspace the demo file once: deleting it leaves the workspace empty', async () => {
    const workspace = service();
    expect(await workspace.list('u1')).toEqual([
      expect.objectContaining({ path: WORKSPACE_DEMO_FILE.path, content: WORKSPACE_DEMO_FILE.content }),
    ]);
    await workspace.remove('u1', WORKSPACE_DEMO_FILE.path);
    expect(await workspace.list('u1')).toEqual([]);
  });

  it('creates a file, then replaces it keeping its creation time', async () => {
    const workspace = service();
    const first = await workspace.put('u1', { path: 'a.js', content: '1' });
    expect(first.created).toBe(true);
    const second = await workspace.put('u1', { path: 'a.js', content: '2' });
    expect(second).toEqual({
      created: false,
      file: { path: 'a.js', content: '2', createdAt: first.file.createdAt, updatedAt: expect.any(Number) },
    });
    expect(second.file.updatedAt).toBeGreaterThan(first.file.updatedAt);
  });

  it('refuses a new file beyond the limit, but still replaces one', async () => {
    const workspace = service();
    for (let i = 0; i < MAX_WORKSPACE_FILES; i++)
      await workspace.put('u1', { path: `f${i}.js`, content: '' });
    await expect(workspace.put('u1', { path: 'more.js', content: '' })).rejects.toEqual(
      new ConflictError(WORKSPACE_MESSAGES.tooManyFiles),
    );
    await expect(workspace.put('u1', { path: 'f0.js', content: 'x' })).resolves.toMatchObject({
      created: false,
    });
    // Another user's limit is their own.
    await expect(workspace.put('u2', { path: 'more.js', content: '' })).resolves.toMatchObject({
      created: true,
    });
  });

  it('renames, refusing a taken name and a missing file', async () => {
    const workspace = service();
    await workspace.put('u1', { path: 'a.js', content: 'a' });
    await workspace.put('u1', { path: 'b.js', content: 'b' });
    await expect(workspace.rename('u1', { from: 'a.js', to: 'src/a.js' })).resolves.toMatchObject({
      path: 'src/a.js',
      content: 'a',
    });
    await expect(workspace.rename('u1', { from: 'b.js', to: 'src/a.js' })).rejects.toEqual(
      new ConflictError(WORKSPACE_MESSAGES.fileExists),
    );
    await expect(workspace.rename('u1', { from: 'a.js', to: 'c.js' })).rejects.toEqual(
      new NotFoundError(WORKSPACE_MESSAGES.fileNotFound),
    );
    await expect(workspace.rename('u1', { from: 'b.js', to: 'b.js' })).resolves.toMatchObject({
      path: 'b.js',
    });
  });

  it("never reaches another user's file", async () => {
    const workspace = service();
    await workspace.put('u1', { path: 'secret.js', content: 's' });
    await expect(workspace.remove('u2', 'secret.js')).rejects.toBeInstanceOf(NotFoundError);
    await expect(workspace.rename('u2', { from: 'secret.js', to: 'x.js' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect((await workspace.list('u2')).map((file) => file.path)).toEqual([WORKSPACE_DEMO_FILE.path]);
  });
});
