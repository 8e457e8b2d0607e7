import { MAX_KNOWLEDGE_FILE_BYTES } from '@agentforge/shared';
import { FileUpIcon, XIcon } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Progress } from '../../../components/ui/progress';
import type { KnowledgeUploadItem } from '../hooks/use-knowledge-uploads';
import { KNOWLEDGE_FILE_ACCEPT } from '../utils/knowledge-text';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Upload by button or by dropping files on the zone, several at once; below it each file being
 * sent with its progress, or why it was not.
 */
export function UploadZone({
  items,
  onFiles,
  onDismiss,
}: {
  items: readonly KnowledgeUploadItem[];
  onFiles: (files: File[]) => void;
  onDismiss: (key: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div className="space-y-2">
      {/* A drop target for the mouse; the button is the keyboard's (and a phone's) way in. */}
      <section
        aria-label="Upload files"
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setOver(false);
          onFiles([...event.dataTransfer.files]);
        }}
        className={cn(
          'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600',
          over && 'border-indigo-500 bg-indigo-50',
        )}
      >
        <FileUpIcon aria-hidden="true" className="size-5 text-slate-500" />
        <p>
          Drop files here, or{' '}
          <Button size="sm" variant="primary" onClick={() => input.current?.click()}>
            Choose files
          </Button>
        </p>
        <p className="text-xs">
          PDF, Word (.docx), Markdown, text, HTML, CSV or code; up to{' '}
          {MAX_KNOWLEDGE_FILE_BYTES / (1024 * 1024)} MB each.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={KNOWLEDGE_FILE_ACCEPT}
          data-testid="knowledge-file-input"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            // The same file can be picked again.
            event.target.value = '';
          }}
        />
      </section>
      {items.length ? (
        <ul aria-label="Uploads" className="space-y-2">
          {items.map((item) => (
            <li key={item.key} className="text-sm">
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate font-medium">{item.fileName}</span>
                {item.error ? (
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Dismiss ${item.fileName}`}
                    onClick={() => onDismiss(item.key)}
                  >
                    <XIcon aria-hidden="true" className="size-4" />
                  </Button>
                ) : (
                  <span className="text-xs text-slate-600 tabular-nums">
                    {Math.round(item.progress * 100)}%
                  </span>
                )}
              </div>
              {item.error ? (
                <p role="alert" className="text-red-700">
                  {item.error}
                </p>
              ) : (
                <Progress value={item.progress} aria-label={`Uploading ${item.fileName}`} className="mt-1" />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
