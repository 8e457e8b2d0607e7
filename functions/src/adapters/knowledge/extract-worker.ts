import { parentPort, workerData } from 'node:worker_threads';
import { extractText } from './extract.js';

/**
 * The extraction worker's body: extracts the bytes it is given and posts the result (or why it
 * failed, never the text of an error that might quote the file). Its parent bounds it.
 */
const { bytes, contentType, maxCharacters } = workerData as {
  bytes: Uint8Array;
  contentType: string;
  maxCharacters: number;
};
extractText(bytes, contentType, maxCharacters).then(
  (result) => parentPort?.postMessage(result),
  () => parentPort?.postMessage({ ok: false, reason: 'extractionFailed' }),
);
