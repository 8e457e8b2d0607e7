import { randomUUID } from 'node:crypto';
import { invokeFunction } from './in-process-functions.js';
import type { S3EventNotification } from './s3/notifications.js';

/** SQS's receives before the dead-letter queue on AWS (lib/constructs/knowledge-indexing.ts). */
const MAX_RECEIVES = 3;
const RETRY_DELAY_MS = 2_000;

/**
 * The knowledge indexing queue on one machine: each S3 event the local S3 notifies is wrapped in
 * an SQS message, as S3 → SQS delivers it on AWS, and given to the indexing function in-process;
 * a message it reports failed (or that throws) is received again after a delay, up to
 * MAX_RECEIVES times, then dropped with a line in the log (the dead-letter queue's place).
 */
export function startLocalIndexingQueue(options: { retryDelayMs?: number } = {}) {
  const invoke = invokeFunction('knowledge/index-file');
  const inFlight = new Set<Promise<void>>();

  async function receive(body: string, messageId: string, count: number): Promise<void> {
    let failed: boolean;
    try {
      const result = (await invoke({
        Records: [
          {
            messageId,
            receiptHandle: randomUUID(),
            body,
            attributes: { ApproximateReceiveCount: String(count) },
            messageAttributes: {},
            eventSource: 'aws:sqs',
            eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:local-knowledge-indexing',
            awsRegion: 'us-east-1',
          },
        ],
      })) as { batchItemFailures?: unknown[] } | undefined;
      failed = (result?.batchItemFailures?.length ?? 0) > 0;
    } catch {
      failed = true;
    }
    if (!failed) return;
    if (count >= MAX_RECEIVES) {
      console.error(`[knowledge-indexing] message ${messageId} failed ${count} times: dead-lettered`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? RETRY_DELAY_MS));
    await receive(body, messageId, count + 1);
  }

  return {
    deliver(event: S3EventNotification): void {
      const work = receive(JSON.stringify(event), randomUUID(), 1);
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },
    /** Waits for the messages being handled. */
    async stop(): Promise<void> {
      await Promise.allSettled([...inFlight]);
    },
  };
}
