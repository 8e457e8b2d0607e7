import {
  errorMessage,
  languageOfPath,
  newFileName,
  WORKSPACE_MESSAGES,
  type WorkspaceFile,
  workspacePathSchema,
} from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, FileIcon, PencilIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { conversationPath } from '../../chat/hooks/use-conversation-route';
import { handOver } from '../../chat/hooks/use-handed-over-message';
import { useWorkspaceMutations, workspaceFilesQuery } from '../api/queries';
import { useAutosave } from '../hooks/use-autosave';
import { codeSources } from '../utils/code-sources';
import { previewDocument } from '../utils/preview-document';
import { conversationFromState, openPathFromState } from '../utils/workspace-link';
import { PreviewFrame } from './preview-frame';
import { RenameFileDialog } from './rename-file-dialog';
import { SendCodeDialog } from './send-code-dialog';

const CodeEditor = lazy(() => import('./code-editor'));

type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'Saved',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  failed: WORKSPACE_MESSAGES.saveFailed,
};

/**
 * The code workspace (spec 2's demo screen): the file list ('Files'; 'Enter file name' makes a
 * file on Enter), the editor or the preview ('Show Editor' / 'Show Preview'), and 'Send Code to
 * Chat'. Files are the user's, saved on the server as they are typed.
 */
export function WorkspaceScreen() {
  const files = useQuery(workspaceFilesQuery());
  const location = useLocation();
  const navigate = useNavigate();
  const conversation = conversationFromState(location.state);

  const [selectedPath, setSelectedPath] = useState<string | null>(() => openPathFromState(location.state));
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<Record<string, SaveState>>({});
  const [selection, setSelection] = useState('');
  const [view, setView] = useState<'editor' | 'preview'>('editor');
  const [preview, setPreview] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);

  const list = files.data ?? [];
  const withDrafts: WorkspaceFile[] = useMemo(
    () => list.map((file) => ({ ...file, content: drafts[file.path] ?? file.content })),
    [list, drafts],
  );
  const selected = withDrafts.find((file) => file.path === selectedPath) ?? withDrafts[0] ?? null;

  const latestDrafts = useRef(drafts);
  latestDrafts.current = drafts;
  const { save, rename, remove } = useWorkspaceMutations({
    onSaved: ({ path, content }) => {
      const draft = latestDrafts.current[path];
      // A later edit keeps its draft, and its own save is still to come.
      if (draft !== undefined && draft !== content) return;
      setDrafts(({ [path]: _saved, ...rest }) => rest);
      setSaveState((states) => ({ ...states, [path]: 'saved' }));
    },
    onSaveFailed: ({ path }) => setSaveState((states) => ({ ...states, [path]: 'failed' })),
  });
  const persist = useCallback(
    (path: string, content: string) => {
      setSaveState((states) => ({ ...states, [path]: 'saving' }));
      save.mutate({ path, content });
    },
    [save.mutate],
  );
  const autosave = useAutosave(persist);

  const edit = (path: string, content: string) => {
    setDrafts((current) => ({ ...current, [path]: content }));
    setSaveState((states) => ({ ...states, [path]: 'pending' }));
    autosave.schedule(path, content);
  };

  const select = (path: string) => {
    setSelectedPath(path);
    setSelection('');
    setView('editor');
  };

  const createFile = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const name = newFileName(newName);
    if (name === null) return; // spec 5: a blank name is ignored
    const checked = workspacePathSchema.safeParse(name);
    if (!checked.success) return setNameError(checked.error.issues[0]?.message ?? null);
    setNameError(null);
    if (list.some((file) => file.path === name)) {
      setNewName('');
      return select(name);
    }
    try {
      await save.mutateAsync({ path: name, content: '' });
      setNewName('');
      select(name);
    } catch (error) {
      setNameError(errorMessage(error));
    }
  };

  const send = (message: string, conversationId: string | null) => {
    autosave.flush();
    setSending(false);
    void navigate(conversationPath(conversationId), { state: handOver(message) });
  };

  const renderPreview = () => setPreview(previewDocument(withDrafts));

  return (
    <div className="flex h-dvh flex-col bg-white text-slate-900">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 px-4">
        <Link
          to={conversationPath(conversation?.id ?? null)}
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          <ArrowLeftIcon className="size-4" />
          Back to chat
        </Link>
        <h1 className="text-base font-semibold">Code workspace</h1>
      </header>
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <nav
          aria-labelledby="workspace-files-heading"
          className="shrink-0 border-b border-slate-200 bg-slate-50 p-3 md:w-64 md:border-r md:border-b-0"
        >
          <h2 id="workspace-files-heading" className="px-1 pb-2 text-sm font-semibold text-slate-800">
            Files
          </h2>
          <input
            type="text"
            aria-label="New file name"
            placeholder="Enter file name"
            value={newName}
            onChange={(event) => {
              setNewName(event.target.value);
              setNameError(null);
            }}
            onKeyDown={(event) => void createFile(event)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'workspace-name-error' : undefined}
            className="w-full rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500"
          />
          {nameError ? (
            <p id="workspace-name-error" role="alert" className="mt-1 text-xs text-red-700">
              {nameError}
            </p>
          ) : null}
          {files.isPending ? (
            <p className="mt-3 px-1 text-sm text-slate-600">Loading files…</p>
          ) : files.isError ? (
            <div role="alert" className="mt-3 px-1 text-sm text-red-700">
              <p>{WORKSPACE_MESSAGES.loadFailed}</p>
              <button type="button" onClick={() => void files.refetch()} className="font-semibold underline">
                Retry
              </button>
            </div>
          ) : (
            <ul className="mt-3 max-h-40 space-y-0.5 overflow-y-auto md:max-h-none">
              {withDrafts.map((file) => (
                <li key={file.path} className="group flex items-center gap-1">
                  <button
                    type="button"
                    onClick={() => select(file.path)}
                    aria-current={file.path === selected?.path ? 'true' : undefined}
                    className={`flex min-w-0 flex-1 items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-slate-200/60 ${
                      file.path === selected?.path
                        ? 'bg-white font-semibold text-slate-900 shadow-sm'
                        : 'text-slate-700'
                    }`}
                  >
                    <FileIcon className="size-4 shrink-0 text-slate-500" />
                    <span className="truncate">{file.path}</span>
                  </button>
                  <button
                    type="button"
                    aria-label={`Rename ${file.path}`}
                    onClick={() => {
                      autosave.flush();
                      setRenaming(file.path);
                    }}
                    className="rounded-md p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                  >
                    <PencilIcon className="size-3.5" />
                  </button>
                  <ConfirmDialog
                    trigger={
                      <button
                        type="button"
                        aria-label={`Delete ${file.path}`}
                        className="rounded-md p-1 text-slate-500 hover:bg-slate-200 hover:text-red-700"
                      >
                        <Trash2Icon className="size-3.5" />
                      </button>
                    }
                    title={`Delete ${file.path}?`}
                    description="The file is deleted from your workspace."
                    confirmLabel="Delete"
                    onConfirm={() => {
                      // A save still to come would make the file again.
                      autosave.cancel(file.path);
                      remove.mutate(file.path);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </nav>
        <main className="flex min-h-0 min-w-0 flex-1 flex-col">
          <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2">
            <Button size="sm" onClick={() => setView(view === 'editor' ? 'preview' : 'editor')}>
              {view === 'editor' ? 'Show Preview' : 'Show Editor'}
            </Button>
            {view === 'editor' && selected ? (
              <>
                <span className="truncate text-sm text-slate-700">{selected.path}</span>
                <output className="text-xs text-slate-600" aria-live="polite">
                  {SAVE_TEXT[saveState[selected.path] ?? 'saved']}
                </output>
                <Button variant="primary" size="sm" className="ml-auto" onClick={() => setSending(true)}>
                  <SendIcon className="size-4" />
                  Send Code to Chat
                </Button>
              </>
            ) : null}
            {view === 'preview' ? (
              <Button variant="primary" size="sm" onClick={renderPreview}>
                Render Preview
              </Button>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-hidden p-2">
            {view === 'preview' ? (
              preview === null ? (
                <p className="p-4 text-sm text-slate-600">
                  'Render Preview' joins your HTML, CSS and JavaScript files into one page.
                </p>
              ) : (
                <PreviewFrame document={preview} />
              )
            ) : selected ? (
              <Suspense fallback={<p className="p-4 text-sm text-slate-600">Loading the editor…</p>}>
                <CodeEditor
                  key={selected.path}
                  path={selected.path}
                  language={languageOfPath(selected.path)}
                  value={selected.content}
                  onChange={(content) => edit(selected.path, content)}
                  onSelectionChange={setSelection}
                />
              </Suspense>
            ) : files.isSuccess ? (
              <p className="p-4 text-sm text-slate-600">No files yet: enter a file name to make one.</p>
            ) : null}
          </div>
        </main>
      </div>
      {renaming ? (
        <RenameFileDialog
          path={renaming}
          onRename={async (to) => {
            await rename.mutateAsync({ from: renaming, to });
            if (selected?.path === renaming) setSelectedPath(to);
          }}
          onClose={() => setRenaming(null)}
        />
      ) : null}
      {sending && selected ? (
        <SendCodeDialog
          sources={codeSources(selected, selection, withDrafts)}
          conversation={conversation ?? null}
          onSend={send}
          onClose={() => setSending(false)}
        />
      ) : null}
    </div>
  );
}
