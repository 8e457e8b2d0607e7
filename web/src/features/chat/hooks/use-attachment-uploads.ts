import {
  ATTACHMENT_MESSAGES,
  type Attachment,
  type AttachmentKind,
  attachmentProblem,
  attachmentTypeOf,
  documentProblem,
  errorMessage,
  MAX_ATTACHMENTS_PER_MESSAGE,
  textDocumentFormat,
} from '@agentforge/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

// The upload calls and the documents' reader load with the first file picked (/home's first paint
// goes without); one import each, shared by the files picked together.
let uploads: Promise<typeof import('../api/attachments')> | undefined;
let documentReader: Promise<typeof import('../utils/document-text')> | undefined;
const loadUploads = () => {
  uploads ??= import('../api/attachments').catch((error: unknown) => {
    uploads = undefined;
    throw error;
  });
  return uploads;
};
const loadDocumentReader = () => {
  documentReader ??= import('../utils/document-text').catch((error: unknown) => {
    documentReader = undefined;
    throw error;
  });
  return documentReader;
};

/** A file picked in the input, on its way to storage. */
export type PendingFile = {
  key: string;
  file: File;
  kind: AttachmentKind;
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
    (key: string, document: File) => {
      const format = textDocumentFormat(document.name);
      if (!format) return;
      const promise = loadDocumentReader().then(({ documentAsTextFile }) =>
        documentAsTextFile(document, format),
      );
      reads.current.set(key, promise);
      patch(key, { status: 'reading', error: undefined });
      promise.then(
        (text) => {
          if (reads.current.get(key) === promise) patch(key, { file: text, status: 'waiting' });
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

  const add = useCallback(
    (picked: readonly File[]) => {
      const problems: string[] = [];
      const room = MAX_ATTACHMENTS_PER_MESSAGE - current.current.length;
      const accepted: PendingFile[] = [];
      for (const file of picked) {
        const described = { fileName: file.name, contentType: file.type, size: file.size };
        const isDocument = textDocumentFormat(file.name) !== undefined;
        const problem = isDocument ? documentProblem(described) : attachmentProblem(described);
        const type = attachmentTypeOf(described);
        const kind = isDocument ? 'text' : type.ok ? type.type.kind : undefined;
        if (problem || !kind) problems.push(problem ?? ATTACHMENT_MESSAGES.unsupportedType(file.name));
        else if (accepted.length >= room) {
          if (!problems.includes(ATTACHMENT_MESSAGES.tooMany)) problems.push(ATTACHMENT_MESSAGES.tooMany);
        } else {
          const status = isDocument ? 'reading' : 'waiting';
          accepted.push({ key: `file-${++nextKey}`, file, kind, status, progress: 0 });
        }
      }
      setNotice(problems.length ? problems.join(' ') : null);
      if (accepted.length) setFiles((list) => [...list, ...accepted]);
      for (const item of accepted) if (item.status === 'reading') read(item.key, item.file);
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
      if (textDocumentFormat(item.file.name)) return read(key, item.file);
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
