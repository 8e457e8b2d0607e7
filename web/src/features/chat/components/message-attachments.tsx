import type { Attachment } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileTextIcon, ImageIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { fetchAttachment } from '../api/attachments';
import { formatBytes } from './attachment-chips';

/** One attachment's bytes, fetched once per page (the storage URLs are short-lived; the bytes are not). */
function useAttachmentBlob(conversationId: string, attachment: Attachment, enabled = true) {
  return useQuery({
    queryKey: ['attachment', conversationId, attachment.id],
    queryFn: () => fetchAttachment(conversationId, attachment.id),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60 * 1000,
  });
}

/** A blob: URL for the blob while the component shows it (CSP img-src allows blob:). */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

const chipClass =
  'inline-flex max-w-64 items-center gap-2 rounded-xl bg-white px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500';

/** An image attachment: its thumbnail (fetched with the user's token, shown from a blob: URL); a click saves it. */
function ImageAttachment({ conversationId, attachment }: { conversationId: string; attachment: Attachment }) {
  const blob = useAttachmentBlob(conversationId, attachment);
  const url = useObjectUrl(blob.data);
  if (blob.isError) {
    return (
      <span className={chipClass}>
        <ImageIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span className="truncate">{attachment.fileName}</span>
        <span className="text-xs text-red-700">Unavailable</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-label={`Download ${attachment.fileName}`}
      title={attachment.fileName}
      disabled={!blob.data}
      onClick={() => blob.data && saveBlob(blob.data, attachment.fileName)}
      className="block overflow-hidden rounded-xl ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500"
    >
      {url ? (
        <img src={url} alt={attachment.fileName} className="max-h-48 max-w-64 object-contain" />
      ) : (
        <span className="flex size-24 items-center justify-center bg-slate-100 text-slate-500">
          <ImageIcon aria-hidden="true" className="size-6" />
        </span>
      )}
    </button>
  );
}

/** A text or code file: a chip that downloads it (never rendered as a page). */
function FileAttachment({ conversationId, attachment }: { conversationId: string; attachment: Attachment }) {
  const [wanted, setWanted] = useState(false);
  const blob = useAttachmentBlob(conversationId, attachment, wanted);
  useEffect(() => {
    if (wanted && blob.data) {
      saveBlob(blob.data, attachment.fileName);
      setWanted(false);
    }
  }, [wanted, blob.data, attachment.fileName]);
  return (
    <button
      type="button"
      aria-label={`Download ${attachment.fileName}`}
      onClick={() => (blob.data ? saveBlob(blob.data, attachment.fileName) : setWanted(true))}
      className={chipClass}
    >
      <FileTextIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className="truncate font-medium">{attachment.fileName}</span>
      <span className="shrink-0 text-xs text-slate-600">
        {blob.isError ? 'Unavailable' : formatBytes(attachment.size)}
      </span>
      <DownloadIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
    </button>
  );
}

/** The files a message was sent with. */
export function MessageAttachments({
  conversationId,
  attachments,
}: {
  conversationId: string;
  attachments: readonly Attachment[];
}) {
  return (
    <ul aria-label="Attachments" className="flex max-w-[85%] flex-wrap justify-end gap-2">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          {attachment.kind === 'image' ? (
            <ImageAttachment conversationId={conversationId} attachment={attachment} />
          ) : (
            <FileAttachment conversationId={conversationId} attachment={attachment} />
          )}
        </li>
      ))}
    </ul>
  );
}
