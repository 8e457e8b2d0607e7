import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from './document-client.js';

const named = (stack: { identify(): string[] }, name: string) =>
  stack.identify().some((entry) => entry.startsWith(`${name} -`));

describe('the document client', () => {
  it("runs without the SDK's logger middleware, which copies every item for a no-op logger", () => {
    // The SDK still names it so: otherwise removing it by name would do nothing, silently.
    expect(named(new DynamoDBClient({ region: 'us-east-1' }).middlewareStack, 'loggerMiddleware')).toBe(true);
    for (const endpoint of [undefined, 'http://127.0.0.1:1']) {
      const db = createDocumentClient({ region: 'us-east-1', ...(endpoint ? { endpoint } : {}) });
      expect(named(db.middlewareStack, 'loggerMiddleware')).toBe(false);
      expect(named(db.middlewareStack, 'storableValues')).toBe(true);
    }
  });
});
