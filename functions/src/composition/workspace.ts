import { createWorkspaceFileRepository } from '../adapters/dynamodb/workspace-file-repository.js';
import { createWorkspaceService, type WorkspaceService } from '../domain/workspace/workspace-service.js';
import { db, env } from './root.js';

let workspace: WorkspaceService | undefined;
export function workspaceService(): WorkspaceService {
  workspace ??= createWorkspaceService({
    files: createWorkspaceFileRepository(db, env.tables.workspaceFiles),
    now: Date.now,
  });
  return workspace;
}
