import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { deletionJobsOf } from './job-events.js';

const record = (key: string) => ({
  eventName: 'INSERT' as const,
  dynamodb: { Keys: { userId: { S: key } } },
});

describe('the deletion jobs of a stream batch', () => {
  it('are the users of the job items, never another item of the table', () => {
    const event = {
      Records: [record('account-deletion#u1'), record('stream-access#u2'), record('u3')],
    } as DynamoDBStreamEvent;
    expect(deletionJobsOf(event)).toEqual(['u1']);
  });
});
