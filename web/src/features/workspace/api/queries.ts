import type { PutWorkspaceFileBody, RenameWorkspaceFileBody, WorkspaceFile } from '@agentforge/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteWorkspaceFile,
  listWorkspaceFiles,
  putWorkspaceFile,
  renameWorkspaceFile,
} from './workspace-files';

export const workspaceKeys = { files: () => ['workspace', 'files'] as const };

/** GET /workspace/files, in path order. */
export const workspaceFilesQuery = () =>
  queryOptions({
    queryKey: workspaceKeys.files(),
    queryFn: ({ signal }) => listWorkspaceFiles(signal),
    select: (files) => [...files].sort((a, b) => a.path.localeCompare(b.path)),
  });

/** Puts a saved file into the cached list (new or replaced). */
function withFile(files: WorkspaceFile[] | undefined, file: WorkspaceFile): WorkspaceFile[] {
  return [...(files ?? []).filter((f) => f.path !== file.path), file];
}

type SaveEvents = {
  /** Told of every save's outcome (a per-call callback would be told of the latest call only). */
  onSaved?: (body: PutWorkspaceFileBody) => void;
  onSaveFailed?: (body: PutWorkspaceFileBody) => void;
};

/** PUT (create or autosave), rename and DELETE; the cached list follows each answer. */
export function useWorkspaceMutations({ onSaved, onSaveFailed }: SaveEvents = {}) {
  const queryClient = useQueryClient();
  const setFiles = (update: (files: WorkspaceFile[] | undefined) => WorkspaceFile[]) =>
    queryClient.setQueryData<WorkspaceFile[]>(workspaceKeys.files(), update);
  return {
    save: useMutation({
      mutationFn: (body: PutWorkspaceFileBody) => putWorkspaceFile(body),
      onSuccess: (file, body) => {
        setFiles((files) => withFile(files, file));
        onSaved?.(body);
      },
      onError: (_, body) => onSaveFailed?.(body),
    }),
    rename: useMutation({
      mutationFn: (body: RenameWorkspaceFileBody) => renameWorkspaceFile(body),
      onSuccess: (file, { from }) =>
        setFiles((files) =>
          withFile(
            files?.filter((f) => f.path !== from),
            file,
          ),
        ),
    }),
    remove: useMutation({
      mutationFn: (path: string) => deleteWorkspaceFile(path),
      onSuccess: (_, path) => setFiles((files) => (files ?? []).filter((f) => f.path !== path)),
    }),
  };
}
