import type { DynamoDBStreamEvent } from 'aws-lambda';
import { DELETION_JOB_KEY_PREFIX } from '../../adapters/dynamodb/table-definitions.js';

/** The users whose deletion job a stream batch holds (the event source's filter passes only those). */
export function deletionJobsOf(event: DynamoDBStreamEvent): string[] {
  return event.Records.flatMap((record) => {
    const key = record.dynamodb?.Keys?.userId?.S;
    return key?.startsWith(DELETION_JOB_KEY_PREFIX) ? [key.slice(DELETION_JOB_KEY_PREFIX.length)] : [];
  });
}
