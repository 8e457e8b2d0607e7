import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isPlanLimitRefusal, toastRefusal } from '../../../components/toast/refusal-toast';
import { putFile } from '../../chat/api/attachments';
import { createKnowledgeUpload, knowledgeKeys } from '../api/knowledge';
import { uploadInputFor } from '../utils/knowledge-text';

/** A file being sent (progress 0-1 of its bytes), or one that could not be, with why. */
export type KnowledgeUploadItem = { key: string; fileName: string; progress: number; error?: string };

let nextKey = 0;

/**
 * Uploads files to a collection, several at once: each is checked against the contract's types
 * and size first, then POST …/files gives its presigned URL and the bytes go straight to storage
 * (the attachments' PUT, with its progress). A sent file leaves the list (the collection's files
 * show it, queued); a refused one stays with its reason until dismissed. Unmounting cancels.
 */
export function useKnowledgeUploads(collectionId: string) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<KnowledgeUploadItem[]>([]);
  const aborts = useRef(new Set<AbortController>());
  useEffect(() => {
    const pending = aborts.current;
    return () => {
      for (const controller of pending) controller.abort();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<KnowledgeUploadItem> | null) => {
    setItems((current) =>
      change === null
        ? current.filter((item) => item.key !== key)
        : current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const sendOne = useCallback(
    async (key: string, file: File, input: { fileName: string; contentType: string; size: number }) => {
      const controller = new AbortController();
      aborts.current.add(controller);
      try {
        const upload = await createKnowledgeUpload(collectionId, input, controller.signal);
        // The record exists now (uploading): the list shows it while its bytes go.
        void queryClient.invalidateQueries({ queryKey: knowledgeKeys.files(collectionId) });
        await putFile(upload, file, {
          signal: controller.signal,
          onProgress: (progress) => patch(key, { progress }),
        });
        patch(key, null);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isPlanLimitRefusal(error)) toastRefusal('The file was not uploaded', error);
        patch(key, { error: error instanceof Error ? error.message : String(error) });
      } finally {
        aborts.current.delete(controller);
        void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
      }
    },
    [collectionId, patch, queryClient],
  );

  const upload = useCallback(
    (files: readonly File[]) => {
      const started = files.map((file) => {
        const key = `upload-${++nextKey}`;
        const checked = uploadInputFor(file);
        return { key, file, checked };
      });
      setItems((current) => [
        ...current,
        ...started.map(({ key, file, checked }) => ({
          key,
          fileName: file.name,
          progress: 0,
          ...('error' in checked ? { error: checked.error } : {}),
        })),
      ]);
      for (const { key, file, checked } of started) {
        if ('input' in checked) void sendOne(key, file, checked.input);
      }
    },
    [sendOne],
  );

  return { items, upload, dismiss: (key: string) => patch(key, null) };
}
