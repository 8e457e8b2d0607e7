import { Worker } from 'node:worker_threads';
import { EXTRACTION_TIMEOUT_SECONDS, MAX_EXTRACTED_CHARACTERS } from '@agentforge/shared';
import type { ExtractionResult } from '../../domain/knowledge/extraction-types.js';

/** The worker's heap: a PDF or DOCX bomb that inflates past it ends the worker, not the function. */
const WORKER_HEAP_MB = 512;
/**
 * What the process may grow by while a file is extracted, in MB: the worker's heap and the buffers
 * outside it (pdf.js inflates a stream into an ArrayBuffer, which `resourceLimits` does not count:
 * a 4 KB PDF of nested FlateDecode streams grew the process by 1.8 GB in a minute). Within the
 * indexer's 2,048 MB with room for the function itself.
 */
const WORKER_MEMORY_BUDGET_MB = 1024;
/** How often the process's memory is looked at while a worker runs. */
const MEMORY_CHECK_MS = 100;

export interface ExtractionRunnerOptions {
  /** The worker's module (extract-worker.ts through a loader locally, the bundle's on AWS). */
  workerUrl: URL;
  timeoutMs?: number;
  /** WORKER_MEMORY_BUDGET_MB unless told (tests use a small one). */
  memoryBudgetMb?: number;
}

/**
 * Extracts a file's text in a worker thread with `resourceLimits`, terminated after
 * EXTRACTION_TIMEOUT_SECONDS or once the process has grown by its memory budget: a bomb or a
 * pathological file fails with its reason and the function goes on. The bytes are transferred,
 * not copied.
 */
export function createExtractionRunner(options: ExtractionRunnerOptions) {
  const timeoutMs = options.timeoutMs ?? EXTRACTION_TIMEOUT_SECONDS * 1000;
  const budgetBytes = (options.memoryBudgetMb ?? WORKER_MEMORY_BUDGET_MB) * 1024 * 1024;
  return (bytes: Uint8Array, contentType: string): Promise<ExtractionResult> =>
    new Promise((resolve) => {
      const copy = new Uint8Array(bytes);
      const worker = new Worker(options.workerUrl, {
        workerData: { bytes: copy, contentType, maxCharacters: MAX_EXTRACTED_CHARACTERS },
        transferList: [copy.buffer],
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 64 },
        stdout: true,
        stderr: true,
      });
      const baseline = process.memoryUsage.rss();
      let settled = false;
      const settle = (result: ExtractionResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        resolve(result);
        void worker.terminate();
      };
      const timer = setTimeout(() => settle({ ok: false, reason: 'extractionTimedOut' }), timeoutMs);
      const watch = setInterval(() => {
        if (process.memoryUsage.rss() - baseline > budgetBytes)
          settle({ ok: false, reason: 'extractionTooLarge' });
      }, MEMORY_CHECK_MS);
      worker.once('message', (result: ExtractionResult) => settle(result));
      worker.once('error', (error: Error & { code?: string }) =>
        settle({
          ok: false,
          reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'extractionTooLarge' : 'extractionFailed',
        }),
      );
      worker.once('exit', () => settle({ ok: false, reason: 'extractionFailed' }));
    });
}
