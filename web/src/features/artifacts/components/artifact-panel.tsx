import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, FolderInputIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CopyButton } from '../../../components/copy-button';
import { Dialog } from '../../../components/dialog';
import { Button } from '../../../components/ui/button';
import { CodeBlock } from '../../chat/components/code-block';
import { useWorkspaceMutations } from '../../workspace/api/queries';
import { PreviewFrame } from '../../workspace/components/preview-frame';
import { ARTIFACT_KINDS, type Artifact, artifactFile } from '../utils/artifact';
import { artifactDocument } from '../utils/artifact-document';
import { artifactVersions } from '../utils/artifact-versions';

/** The folder of the code workspace that 'Open in workspace' saves artifacts in. */
const WORKSPACE_FOLDER = 'artifacts';

function download(artifact: Artifact): void {
  const { name, type } = artifactFile(artifact);
  const url = URL.createObjectURL(new Blob([artifact.code], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * An artifact's side panel (a sheet on a phone): rendered in the code workspace's sandboxed
 * preview frame or shown as code, its versions in the conversation, Copy, Download, and 'Open in
 * workspace' (saved as a workspace file, opened in the editor).
 */
export default function ArtifactPanel({
  artifact,
  messages,
  onClose,
}: {
  artifact: Artifact;
  messages: readonly { role: string; content: string }[];
  onClose: () => void;
}) {
  const { versions, index: opened } = useMemo(
    () =>
      artifactVersions(
        messages.filter((message) => message.role === 'assistant').map((message) => message.content),
        artifact,
      ),
    [messages, artifact],
  );
  const [index, setIndex] = useState(opened);
  const [view, setView] = useState<'preview' | 'code'>('preview');
  const shown = versions[Math.min(index, versions.length - 1)] ?? artifact;
  const navigate = useNavigate();
  const { save } = useWorkspaceMutations();
  const openInWorkspace = () => {
    const path = `${WORKSPACE_FOLDER}/${artifactFile(shown).name}`;
    save.mutate(
      { path, content: shown.code },
      { onSuccess: () => navigate('/workspace', { state: { openPath: path } }) },
    );
  };

  return (
    <Dialog
      title={shown.title}
      description={
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{ARTIFACT_KINDS[shown.kind].label}</span>
          {versions.length > 1 ? (
            <span className="inline-flex items-center gap-1">
              <Button
                size="icon"
                variant="ghost"
                aria-label="Previous version"
                disabled={index === 0}
                onClick={() => setIndex(index - 1)}
              >
                <ChevronLeftIcon className="size-4" />
              </Button>
              <span aria-live="polite">
                Version {index + 1} of {versions.length}
              </span>
              <Button
                size="icon"
                variant="ghost"
                aria-label="Next version"
                disabled={index === versions.length - 1}
                onClick={() => setIndex(index + 1)}
              >
                <ChevronRightIcon className="size-4" />
              </Button>
            </span>
          ) : null}
        </div>
      }
      onClose={onClose}
      placement="side"
      width="max-w-3xl"
    >
      <div className="flex h-full min-h-[70dvh] flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="inline-flex rounded-lg bg-slate-100 p-0.5">
            <legend className="sr-only">View</legend>
            {(['preview', 'code'] as const).map((option) => (
              <Button
                key={option}
                size="sm"
                variant={view === option ? 'secondary' : 'ghost'}
                aria-pressed={view === option}
                onClick={() => setView(option)}
              >
                {option === 'preview' ? 'Preview' : 'Code'}
              </Button>
            ))}
          </fieldset>
          <CopyButton text={shown.code} what="artifact code" className="text-slate-700 hover:bg-slate-100" />
          <Button size="sm" variant="ghost" onClick={() => download(shown)}>
            <DownloadIcon aria-hidden="true" className="size-4" />
            Download
          </Button>
          <Button size="sm" variant="ghost" onClick={openInWorkspace} disabled={save.isPending}>
            <FolderInputIcon aria-hidden="true" className="size-4" />
            Open in workspace
          </Button>
        </div>
        {save.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Could not save it to the workspace: {save.error.message}
          </p>
        ) : null}
        {view === 'preview' ? (
          <div className="min-h-[60dvh] flex-1">
            <PreviewFrame document={artifactDocument(shown)} />
          </div>
        ) : (
          <CodeBlock code={shown.code} language={shown.language} />
        )}
      </div>
    </Dialog>
  );
}
