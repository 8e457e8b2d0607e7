import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

/** Lambda's limit on a buffered response (the local API answers 502 past it, as API Gateway does). */
const MAX_LAMBDA_RESPONSE_BYTES = 6_291_556;
const REPLIES = 8;
/**
 * A terminal's output of control characters: 140 KB in DynamoDB (eight fit in its 1 MB per query),
 * but 6 bytes each in the page's JSON (`\u0001`) and 7 in the function's result: ~7.8 MB together.
 */
const TOOL_OUTPUT = '\u0001'.repeat(140_000);

let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: DynamoDBDocumentClient;
let api: Api;
let conversationId: string;

beforeAll(async () => {
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  api = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
  db = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamodb.endpoint });
  const now = Date.now();
  const created = await api.post('/conversations', {
    title: 'Big tool outputs',
    name: 'Big tool outputs',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  conversationId = created.body.id as string;
  const replies = Array.from({ length: REPLIES }, (_, n) => ({
    conversationId,
    messageId: `01PAGE${String(n).padStart(4, '0')}`,
    userId: created.body.userId as string,
    role: 'assistant',
    status: 'complete',
    timestamp: now + n,
    content: `Reply ${n + 1}`,
    toolCalls: [{ id: `t${n}`, name: 'run', status: 'success', input: {}, result: TOOL_OUTPUT }],
  }));
  await db.send(
    new BatchWriteCommand({
      RequestItems: {
        [stack.dynamodb.tableNames.messages]: replies.map((Item) => ({ PutRequest: { Item } })),
      },
    }),
  );
});
afterAll(async () => {
  db?.destroy();
  await stack?.stop();
});

/** Every page of the conversation in `order`, each as the API answered it. */
async function readPages(order: 'oldest' | 'newest') {
  const pages: { status: number; bytes: number; contents: string[] }[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ order, limit: '50', ...(cursor ? { cursor } : {}) });
    const response = await api.raw(`/conversations/${conversationId}/messages?${query}`);
    const text = await response.text();
    const body = JSON.parse(text) as { messages?: { content: string }[]; nextCursor?: string };
    pages.push({
      status: response.status,
      bytes: Buffer.byteLength(text),
      contents: (body.messages ?? []).map((message) => message.content),
    });
    cursor = response.status === 200 ? body.nextCursor : undefined;
  } while (cursor);
  return pages;
}

describe("messages pages under Lambda's response limit", () => {
  it('ends a page early by bytes, its cursor going on to the rest, in either order', async () => {
    const all = Array.from({ length: REPLIES }, (_, n) => `Reply ${n + 1}`);
    for (const order of ['oldest', 'newest'] as const) {
      const pages = await readPages(order);
      expect(pages.map((page) => page.status)).toEqual(pages.map(() => 200));
      expect(pages.length).toBeGreaterThan(1);
      for (const page of pages) expect(page.bytes).toBeLessThan(MAX_LAMBDA_RESPONSE_BYTES);
      const read = pages.flatMap((page) => page.contents);
      expect(read).toEqual(order === 'oldest' ? all : all.toReversed());
    }
  });
});

describe("GET /conversations/{id} under Lambda's response limit", () => {
  it('answers the latest page of messages and the cursor to the earlier ones, never all', async () => {
    const response = await api.raw(`/conversations/${conversationId}`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(Buffer.byteLength(text)).toBeLessThan(MAX_LAMBDA_RESPONSE_BYTES);
    const body = JSON.parse(text) as { messages: { content: string }[]; olderMessagesCursor?: string };
    expect(body.messages.at(-1)?.content).toBe(`Reply ${REPLIES}`);
    expect(body.messages.length).toBeLessThan(REPLIES);
    // The cursor goes on, newest first, from the message before the first one answered.
    const before = await api.raw(
      `/conversations/${conversationId}/messages?order=newest&cursor=${encodeURIComponent(body.olderMessagesCursor ?? '')}`,
    );
    const earlier = (await before.json()) as { messages: { content: string }[] };
    expect(earlier.messages[0]?.content).toBe(`Reply ${REPLIES - body.messages.length}`);
  });
});
