import {
  ATTACHMENT_MESSAGES,
  type Attachment,
  type AttachmentKind,
  attachmentProblem,
  attachmentTypeOf,
  errorMessage,
  MAX_ATTACHMENTS_PER_MESSAGE,
} from '@agentforge/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createUpload, putFile } from '../api/attachments';

/** A file picked in the input, on its way to storage. */
export type PendingFile = {
  key: string;
  file: File;
  kind: AttachmentKind;
  status: 'waiting' | 'uploading' | 'uploaded' | 'failed';
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
  readonly hasImages: boolean;
  /** Uploads what is not yet in this conversation and resolves with every attachment; rejects with why not. */
  upload(conversationId: string): Promise<Attachment[]>;
};

type Upload = { conversationId: string; promise: Promise<Attachment>; controller: AbortController };

let nextKey = 0;

/**
 * The input's attachments: checked when picked (type, size, count), uploaded straight to storage
 * through presigned URLs as soon as the conversation is known (a new chat uploads when it is sent,
 * once its conversation exists), with progress, errors, retry and removal.
 */
export function useAttachmentUploads(conversationId: string | null) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const current = useRef(files);
  current.current = files;
  const uploads = useRef(new Map<string, Upload>());
  /** Finished uploads by file key; kept after `clear` (a send may still be collecting them). */
  const done = useRef(new Map<string, { conversationId: string; attachment: Attachment }>());

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

  const add = useCallback((picked: readonly File[]) => {
    const problems: string[] = [];
    const room = MAX_ATTACHMENTS_PER_MESSAGE - current.current.length;
    const accepted: PendingFile[] = [];
    for (const file of picked) {
      const problem = attachmentProblem({ fileName: file.name, contentType: file.type, size: file.size });
      const type = attachmentTypeOf({ fileName: file.name, contentType: file.type });
      if (problem || !type.ok) problems.push(problem ?? ATTACHMENT_MESSAGES.unsupportedType(file.name));
      else if (accepted.length >= room) {
        if (!problems.includes(ATTACHMENT_MESSAGES.tooMany)) problems.push(ATTACHMENT_MESSAGES.tooMany);
      } else {
        accepted.push({
          key: `file-${++nextKey}`,
          file,
          kind: type.type.kind,
          status: 'waiting',
          progress: 0,
        });
      }
    }
    setNotice(problems.length ? problems.join(' ') : null);
    if (accepted.length) setFiles((list) => [...list, ...accepted]);
  }, []);

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.controller.abort();
    uploads.current.delete(key);
    done.current.delete(key);
    setFiles((list) => list.filter((item) => item.key !== key));
    setNotice(null);
  }, []);

  const retry = useCallback(
    (key: string) => {
      const item = current.current.find((candidate) => candidate.key === key);
      if (!item) return;
      if (conversationId) void start(item, conversationId).catch(() => undefined);
      else patch(key, { status: 'waiting', error: undefined, progress: 0 });
    },
    [conversationId, patch, start],
  );

  /** After the message went out: the files belong to it now (uploads still running go on). */
  const clear = useCallback(() => {
    setFiles([]);
    setNotice(null);
  }, []);

  const outgoing = useMemo<OutgoingAttachments>(
    () => ({
      count: files.length,
      hasImages: files.some((item) => item.kind === 'image'),
      // The files as they were when the message was sent.
      upload: (target) => Promise.all(files.map((item) => start(item, target))),
    }),
    [files, start],
  );

  return {
    files,
    notice,
    failed: files.some((item) => item.status === 'failed'),
    add,
    remove,
    retry,
    clear,
    outgoing,
  };
}
