import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { knowledgeIndexer } from '../../composition/knowledge.js';
import { logger, withRequestContext } from '../../logger.js';

/** An S3 event notification's object keys (URL-encoded, spaces as '+'), created objects only. */
export function createdKeys(body: string): string[] {
  const event = JSON.parse(body) as {
    Records?: { eventName?: string; s3?: { object?: { key?: string } } }[];
  };
  return (event.Records ?? []).flatMap((record) =>
    record.eventName?.startsWith('ObjectCreated:') && record.s3?.object?.key
      ? [decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '))]
      : [],
  );
}

/**
 * The indexing function: S3's ObjectCreated events under `knowledge/files/` arrive through SQS
 * (retried, then the dead-letter queue); each object is one file to index. A message whose file
 * could not be indexed for a reason of ours (not the file's: those end `failed`) is reported as a
 * batch item failure, so SQS retries it alone. Only ids and outcomes are logged, never contents.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(withRequestContext())
  .handler(async (event) => {
    const indexFile = await knowledgeIndexer();
    const failures: { itemIdentifier: string }[] = [];
    for (const message of event.Records) {
      try {
        for (const key of createdKeys(message.body)) {
          const outcome = await indexFile(key);
          logger.info('Knowledge file indexed', { key, outcome });
        }
      } catch (error) {
        // Our own failure (storage, the index), never the file's: its errors name no content.
        logger.error('A knowledge file could not be indexed', { messageId: message.messageId, error });
        failures.push({ itemIdentifier: message.messageId });
      }
    }
    return { batchItemFailures: failures };
  });
