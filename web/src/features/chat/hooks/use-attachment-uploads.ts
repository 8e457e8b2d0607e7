import {
  ATTACHMENT_INPUT_MESSAGES,
  type Attachment,
  type AttachmentKind,
  errorMessage,
  MAX_ATTACHMENTS_PER_MESSAGE,
  type TextDocumentFormat,
} from '@agentforge/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadOnce } from '../../../lib/load-once';

// The file checks, the upload calls and the documents' reader load with the first file picked
// (/home's first paint goes without); one import each, shared by the files picked together.
const loadFileChecks = loadOnce(() => import('../utils/picked-files'));
const loadUploads = loadOnce(() => import('../api/attachments'));
const loadDocumentReader = loadOnce(() => import('../utils/document-text'));
/** A file may be picked next (the paperclip pointed at or focused): its checks load ahead. */
export const preloadFileChecks = () => void loadFileChecks().catch(() => {});

/** A file picked in the input, on its way to storage. */
export type PendingFile = {
  key: string;
  file: File;
  kind: AttachmentKind;
  /** A PDF or Word document still to be read (failed: read again on retry); gone once `file` is its text. */
  document?: TextDocumentFormat;
  /** `reading`: a PDF or Word document being read; `file` becomes its text (`<name>.txt`). */
  status: 'reading' | 'waiting' | 'uploading' | 'uploaded' | 'failed';
  /** 0 to 1. */
  progress: number;
  error?: string;
  /** Once uploaded: the attachment, in `conversationId`. */
  attachment?: Attachment;
  conversationId?: string;
};

/** What the input hands to `onSend` with the text: its files, uploaded to the conversation on demand. */
export type OutgoingAttachments = {
  readonly count: number;
  /** Uploads what is not yet in this conversation and resolves with every attachment; rejects with why not. */
  upload(conversationId: string): Promise<Attachment[]>;
};

type Upload = { conversationId: string; promise: Promise<Attachment>; controller: AbortController };

let nextKey = 0;

/** Whether a file goes with the next message: images only to a model that takes them. */
const goesWithMessage = (item: PendingFile, acceptsImages: boolean) => acceptsImages || item.kind !== 'image';

/**
 * The input's attachments: checked when picked (type, size, count), PDF and Word documents read
 * as text in the browser, uploaded straight to storage through presigned URLs as soon as the
 * conversation is known (a new chat uploads when it is sent, once its conversation exists), with
 * progress, errors, retry and removal. Images stay behind while the model takes none
 * (`heldBack`): the other files are sent without them.
 */
export function useAttachmentUploads(conversationId: string | null, acceptsImages = true) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const current = useRef(files);
  current.current = files;
  const uploads = useRef(new Map<string, Upload>());
  /** Finished uploads by file key; kept after `clear` (a send may still be collecting them). */
  const done = useRef(new Map<string, { conversationId: string; attachment: Attachment }>());
  /** Documents being read, by file key: resolve with the text file that is uploaded. */
  const reads = useRef(new Map<string, Promise<File>>());

  const patch = useCallback((key: string, change: Partial<PendingFile>) => {
    setFiles((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (item: PendingFile, target: string): Promise<Attachment> => {
      const finished = done.current.get(item.key);
      if (finished?.conversationId === target) return Promise.resolve(finished.attachment);
      const running = uploads.current.get(item.key);
      if (running?.conversationId === target) return running.promise;
      running?.controller.abort();
      const controller = new AbortController();
      const { signal } = controller;
      patch(item.key, { status: 'uploading', progress: 0, conversationId: target, error: undefined });
      const promise = (async () => {
        const { createUpload, putFile } = await loadUploads();
        const upload = await createUpload(target, item.file, signal);
        await putFile(upload, item.file, { signal, onProgress: (progress) => patch(item.key, { progress }) });
        const attachment: Attachment = {
          id: upload.attachmentId,
          fileName: item.file.name,
          contentType: upload.headers['Content-Type'] ?? item.file.type,
          size: item.file.size,
          kind: item.kind,
        };
        done.current.set(item.key, { conversationId: target, attachment });
        patch(item.key, { status: 'uploaded', progress: 1, attachment });
        return attachment;
      })();
      promise.catch((error: unknown) => {
        if (uploads.current.get(item.key)?.promise !== promise) return;
        uploads.current.delete(item.key);
        if (!signal.aborted) patch(item.key, { status: 'failed', error: errorMessage(error) });
      });
      uploads.current.set(item.key, { conversationId: target, promise, controller });
      return promise;
    },
    [patch],
  );

  // In a known conversation files upload as soon as they are picked.
  useEffect(() => {
    if (!conversationId) return;
    for (const item of files) {
      if (item.status === 'waiting') void start(item, conversationId).catch(() => undefined);
    }
  }, [conversationId, files, start]);

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const upload of running.values()) upload.controller.abort();
    };
  }, []);

  /** Reads a document as text; the file then waits for its upload (or fails saying why). */
  const read = useCallback(
    (key: string, document: File, format: TextDocumentFormat) => {
      const promise = loadDocumentReader().then(({ documentAsTextFile }) =>
        documentAsTextFile(document, format),
      );
      reads.current.set(key, promise);
      patch(key, { status: 'reading', error: undefined });
      promise.then(
        (text) => {
          if (reads.current.get(key) !== promise) return;
          patch(key, { file: text, document: undefined, status: 'waiting' });
        },
        (error: unknown) => {
          if (reads.current.get(key) !== promise) return;
          reads.current.delete(key);
          patch(key, { status: 'failed', error: errorMessage(error) });
        },
      );
    },
    [patch],
  );

  /** The picks in turn: each waits for the checks (loaded with the first) and the ones before it. */
  const picks = useRef(Promise.resolve());
  const add = useCallback(
    (picked: readonly File[]) => {
      picks.current = picks.current.then(async () => {
        try {
          const { classifyPickedFiles } = await loadFileChecks();
          const room = MAX_ATTACHMENTS_PER_MESSAGE - current.current.length;
          const { accepted, problems } = classifyPickedFiles(picked, room);
          const added = accepted.map(
            (item): PendingFile => ({
              ...item,
              key: `file-${++nextKey}`,
              status: item.document ? 'reading' : 'waiting',
              progress: 0,
            }),
          );
          setNotice(problems.length ? problems.join(' ') : null);
          if (added.length) {
            // The next pick counts these before they render.
            current.current = [...current.current, ...added];
            setFiles((list) => [...list, ...added]);
          }
          for (const item of added) if (item.document) read(item.key, item.file, item.document);
        } catch {
          setNotice(ATTACHMENT_INPUT_MESSAGES.pickFailed);
        }
      });
    },
    [read],
  );

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.controller.abort();
    uploads.current.delete(key);
    reads.current.delete(key);
    done.current.delete(key);
    setFiles((list) => list.filter((item) => item.key !== key));
    setNotice(null);
  }, []);

  const retry = useCallback(
    (key: string) => {
      const item = current.current.find((candidate) => candidate.key === key);
      if (!item) return;
      // A document that could not be read is read again (it is still the document, not its text).
      if (item.document) return read(key, item.file, item.document);
      if (conversationId) void start(item, conversationId).catch(() => undefined);
      else patch(key, { status: 'waiting', error: undefined, progress: 0 });
    },
    [conversationId, patch, read, start],
  );

  const sent = useMemo(
    () => files.filter((item) => goesWithMessage(item, acceptsImages)),
    [files, acceptsImages],
  );

  /** After the message went out: its files belong to it now (uploads still running go on); held-back images stay. */
  const clear = useCallback(() => {
    const gone = new Set(sent.map((item) => item.key));
    setFiles((list) => list.filter((item) => !gone.has(item.key)));
    setNotice(null);
  }, [sent]);

  const outgoing = useMemo<OutgoingAttachments>(
    () => ({
      count: sent.length,
      // The files as they were when the message was sent (a document once its text is read).
      upload: (target) =>
        Promise.all(
          sent.map(async (item) => {
            const reading = item.status === 'reading' ? reads.current.get(item.key) : undefined;
            return start(reading ? { ...item, file: await reading } : item, target);
          }),
        ),
    }),
    [sent, start],
  );

  return {
    files,
    notice,
    failed: sent.some((item) => item.status === 'failed'),
    /** Images attached while the model takes none: not sent until the model does, or removed. */
    heldBack: files.filter((item) => !goesWithMessage(item, acceptsImages)),
    add,
    remove,
    retry,
    clear,
    outgoing,
  };
}
