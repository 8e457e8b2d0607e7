import {
  KNOWLEDGE_FILE_STATUS_LABELS,
  type KnowledgeFile,
  type KnowledgeFileStatus,
} from '@agentforge/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { isIndexing } from '../api/knowledge';
import { sizeText } from '../utils/knowledge-text';

const TONES: Readonly<Record<KnowledgeFileStatus, BadgeTone>> = {
  uploading: 'neutral',
  queued: 'neutral',
  indexing: 'info',
  ready: 'success',
  failed: 'danger',
};

/** Size, pages and passages, as known. */
function details(file: KnowledgeFile): string {
  return [
    sizeText(file.size),
    file.pages === undefined ? '' : `${file.pages} ${file.pages === 1 ? 'page' : 'pages'}`,
    file.chunkCount === undefined
      ? ''
      : `${file.chunkCount} ${file.chunkCount === 1 ? 'passage' : 'passages'}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A collection's files: status in the contract's words, a progress bar while queued or indexing,
 * the failure reason (or a ready file's warning), and delete after a confirmation when editable.
 */
export function FileList({
  files,
  editable,
  onDelete,
}: {
  files: readonly KnowledgeFile[];
  editable: boolean;
  onDelete: (file: KnowledgeFile) => void;
}) {
  return (
    <ul aria-label="Files" className="divide-y divide-slate-200">
      {files.map((file) => (
        <li key={file.id} className="space-y-1 py-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1 font-medium break-all">{file.fileName}</span>
            <Badge tone={TONES[file.status]}>{KNOWLEDGE_FILE_STATUS_LABELS[file.status]}</Badge>
            {editable ? (
              <ConfirmDialog
                trigger={
                  <Button size="xs" variant="danger" aria-label={`Delete ${file.fileName}`}>
                    Delete
                  </Button>
                }
                title="Delete this file?"
                description={`'${file.fileName}' and its passages are removed from the collection.`}
                confirmLabel="Delete"
                onConfirm={() => onDelete(file)}
              />
            ) : null}
          </div>
          <p className="text-xs text-slate-600">{details(file)}</p>
          {isIndexing(file) ? (
            <Progress
              value={file.status === 'queued' ? undefined : file.progress}
              aria-label={`${KNOWLEDGE_FILE_STATUS_LABELS[file.status]} ${file.fileName}`}
            />
          ) : null}
          {file.reason ? (
            <p className={file.status === 'failed' ? 'text-sm text-red-700' : 'text-sm text-amber-800'}>
              {file.reason}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
