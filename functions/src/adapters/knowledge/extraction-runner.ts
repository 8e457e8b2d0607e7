import { Worker } from 'node:worker_threads';
import { EXTRACTION_TIMEOUT_SECONDS, MAX_EXTRACTED_CHARACTERS } from '@agentforge/shared';
import type { ExtractionResult } from '../../domain/knowledge/extraction-types.js';

/** The worker's heap: a PDF or DOCX bomb that inflates past it ends the worker, not the function. */
const WORKER_HEAP_MB = 512;

export interface ExtractionRunnerOptions {
  /** The worker's module (extract-worker.ts through a loader locally, the bundle's on AWS). */
  workerUrl: URL;
  timeoutMs?: number;
}

/**
 * Extracts a file's text in a worker thread with `resourceLimits`, terminated after
 * EXTRACTION_TIMEOUT_SECONDS: a bomb or a pathological file fails with its reason and the function
 * goes on. The bytes are transferred, not copied.
 */
export function createExtractionRunner(options: ExtractionRunnerOptions) {
  const timeoutMs = options.timeoutMs ?? EXTRACTION_TIMEOUT_SECONDS * 1000;
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
      let settled = false;
      const settle = (result: ExtractionResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
        void worker.terminate();
      };
      const timer = setTimeout(() => settle({ ok: false, reason: 'extractionTimedOut' }), timeoutMs);
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
