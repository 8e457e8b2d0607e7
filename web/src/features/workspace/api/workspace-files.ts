import {
  type PutWorkspaceFileBody,
  type RenameWorkspaceFileBody,
  type WorkspaceFile,
  workspaceFileListSchema,
  workspaceFileSchema,
} from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /workspace/files: the user's files (a new workspace holds the demo file). */
export async function listWorkspaceFiles(signal?: AbortSignal): Promise<WorkspaceFile[]> {
  const { files } = await apiClient.get('/workspace/files', {
    schema: workspaceFileListSchema,
    ...(signal ? { signal } : {}),
  });
  return files;
}

/** PUT /workspace/files: creates the file or replaces its content. */
export function putWorkspaceFile(body: PutWorkspaceFileBody): Promise<WorkspaceFile> {
  return apiClient.put('/workspace/files', body, { schema: workspaceFileSchema });
}

/** DELETE /workspace/files?path= */
export async function deleteWorkspaceFile(path: string): Promise<void> {
  await apiClient.del('/workspace/files', { query: { path } });
}

/** POST /workspace/files/rename */
export function renameWorkspaceFile(body: RenameWorkspaceFileBody): Promise<WorkspaceFile> {
  return apiClient.post('/workspace/files/rename', body, { schema: workspaceFileSchema });
}
