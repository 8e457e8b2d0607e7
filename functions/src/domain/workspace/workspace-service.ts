import {
  MAX_WORKSPACE_FILES,
  type PutWorkspaceFileBody,
  type RenameWorkspaceFileBody,
  WORKSPACE_DEMO_FILE,
  WORKSPACE_MESSAGES,
  type WorkspaceFile,
} from '@agentforge/shared';
import { ConflictError, NotFoundError } from '../errors.js';
import { toWorkspaceFile, type WorkspaceFileRepository } from './workspace-file.js';

export interface WorkspaceServiceDeps {
  files: WorkspaceFileRepository;
  now: () => number;
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

/**
 * The code workspace: each user's files, scoped by their id (another user's path is simply not
 * there: 404). A new workspace starts with the demo file once; deleting it does not bring it back.
 */
export function createWorkspaceService({ files, now }: WorkspaceServiceDeps) {
  return {
    async list(userId: string): Promise<WorkspaceFile[]> {
      const stored = await files.list(userId);
      if (stored.length === 0 && (await files.markSeeded(userId, now()))) {
        const time = now();
        const demo = { userId, ...WORKSPACE_DEMO_FILE, createdAt: time, updatedAt: time };
        await files.put(demo);
        return [toWorkspaceFile(demo)];
      }
      return stored.map(toWorkspaceFile);
    },

    /** Creates the file, or replaces its content; a new file beyond the limit is a 409. */
    async put(
      userId: string,
      body: PutWorkspaceFileBody,
    ): Promise<{ file: WorkspaceFile; created: boolean }> {
      const time = now();
      const existing = await files.get(userId, body.path);
      if (!existing && (await files.list(userId)).length >= MAX_WORKSPACE_FILES) {
        throw new ConflictError(WORKSPACE_MESSAGES.tooManyFiles);
      }
      const file = {
        userId,
        path: body.path,
        content: body.content,
        createdAt: existing?.createdAt ?? time,
        updatedAt: time,
      };
      await files.put(file);
      return { file: toWorkspaceFile(file), created: !existing };
    },

    async remove(userId: string, path: string): Promise<void> {
      if (!(await files.delete(userId, path))) throw new NotFoundError(WORKSPACE_MESSAGES.fileNotFound);
    },

    async rename(userId: string, { from, to }: RenameWorkspaceFileBody): Promise<WorkspaceFile> {
      const file = await files.get(userId, from);
      if (!file) throw new NotFoundError(WORKSPACE_MESSAGES.fileNotFound);
      if (from === to) return toWorkspaceFile(file);
      const time = now();
      if (!(await files.rename(file, to, time))) {
        if (!(await files.get(userId, from))) throw new NotFoundError(WORKSPACE_MESSAGES.fileNotFound);
        throw new ConflictError(WORKSPACE_MESSAGES.fileExists);
      }
      return toWorkspaceFile({ ...file, path: to, updatedAt: time });
    },
  };
}
