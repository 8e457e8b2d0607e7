import type { WorkspaceFile } from '@agentforge/shared';
import * as z from 'zod';

/** A file of a user's code workspace (table workspaceFiles: userId, path). */
export const storedWorkspaceFileSchema = z.object({
  userId: z.string().min(1),
  path: z.string().min(1),
  content: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type StoredWorkspaceFile = z.infer<typeof storedWorkspaceFileSchema>;

export interface WorkspaceFileRepository {
  /** The user's files in path order. */
  list(userId: string): Promise<StoredWorkspaceFile[]>;
  get(userId: string, path: string): Promise<StoredWorkspaceFile | undefined>;
  /** Writes the file, replacing one at its path. */
  put(file: StoredWorkspaceFile): Promise<void>;
  /** False if the user has no such file. */
  delete(userId: string, path: string): Promise<boolean>;
  /** Moves a file; false if `from` is gone or `to` exists (nothing changed then). */
  rename(file: StoredWorkspaceFile, to: string, now: number): Promise<boolean>;
  /** Records that the user's workspace got its demo file: true the first time only. */
  markSeeded(userId: string, now: number): Promise<boolean>;
}

export function toWorkspaceFile(file: StoredWorkspaceFile): WorkspaceFile {
  return { path: file.path, content: file.content, createdAt: file.createdAt, updatedAt: file.updatedAt };
}
