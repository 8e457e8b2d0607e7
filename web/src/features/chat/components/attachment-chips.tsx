import { ATTACHMENT_MESSAGES } from '@agentforge/shared';
import { FileTextIcon, ImageIcon, RotateCwIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { PendingFile } from '../hooks/use-attachment-uploads';

/** `12 KB`, `1.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The files going with the next message: name, size, reading or upload progress or error, retry
 * and remove; `heldBack` images say they are not sent to this model.
 */
export function AttachmentChips({
  files,
  onRemove,
  onRetry,
  heldBack = [],
}: {
  files: readonly PendingFile[];
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
  heldBack?: readonly PendingFile[];
}) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Attached files" className="mb-2 flex flex-wrap gap-2">
      {files.map((item) => {
        const Icon = item.kind === 'image' ? ImageIcon : FileTextIcon;
        const percent = Math.round(item.progress * 100);
        const held = heldBack.includes(item);
        return (
          <li
            key={item.key}
            className={`flex max-w-full items-center gap-2 rounded-xl bg-white py-1.5 pr-1.5 pl-3 text-sm shadow-sm ring-1 ${
              item.status === 'failed' ? 'ring-red-300' : held ? 'ring-amber-300' : 'ring-slate-200'
            }`}
          >
            <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span className="min-w-0">
              <span className="block max-w-48 truncate font-medium text-slate-800">{item.file.name}</span>
              <span className="block text-xs text-slate-600">
                {held ? (
                  `${formatBytes(item.file.size)} · Not sent to this model`
                ) : item.status === 'reading' ? (
                  'Reading the text…'
                ) : item.status === 'uploading' ? (
                  <>
                    <progress
                      aria-label={`Uploading ${item.file.name}`}
                      max={100}
                      value={percent}
                      className="mr-1 h-1.5 w-16 align-middle"
                    />
                    {percent}%
                  </>
                ) : item.status === 'failed' ? (
                  <span role="alert" className="text-red-700">
                    {item.error}
                  </span>
                ) : item.status === 'uploaded' ? (
                  `${formatBytes(item.file.size)} · Uploaded`
                ) : (
                  formatBytes(item.file.size)
                )}
              </span>
            </span>
            {item.status === 'failed' ? (
              <button
                type="button"
                aria-label={`Retry ${item.file.name}`}
                onClick={() => onRetry(item.key)}
                className="flex size-7 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                <RotateCwIcon className="size-4" />
              </button>
            ) : null}
            <button
              type="button"
              aria-label={`Remove ${item.file.name}`}
              onClick={() => onRemove(item.key)}
              className="flex size-7 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <XIcon className="size-4" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * At images the chosen model cannot read: they stay here while the other files go; 'Switch model'
 * opens the model picker, 'Send without it' removes them.
 */
export function HeldBackImages({
  images,
  onSwitchModel,
  onDrop,
}: {
  images: readonly PendingFile[];
  onSwitchModel?: (() => void) | undefined;
  onDrop: () => void;
}) {
  if (images.length === 0) return null;
  const names = images.map((image) => image.file.name).join(', ');
  return (
    <div
      role="status"
      className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <TriangleAlertIcon aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 break-words">
        <span className="font-medium">{names}</span>: {ATTACHMENT_MESSAGES.imageHeldBack}
      </span>
      <span className="flex gap-2">
        {onSwitchModel ? (
          <Button size="xs" onClick={onSwitchModel}>
            Switch model
          </Button>
        ) : null}
        <Button size="xs" onClick={onDrop}>
          {images.length === 1 ? 'Send without it' : 'Send without them'}
        </Button>
      </span>
    </div>
  );
}
