/**
 * A branched conversation opened (issue 31 item 1): 2,000 messages, 50 of its replies regenerated
 * (each alternative with a follow-up), written straight into the local messages table. Timed: the
 * route handler of GET /conversations/{id}/messages for the chat's first read (order=newest, 20),
 * called in this process as Lambda calls it, against the local stack's DynamoDB: the server's time,
 * which must stay under 300 ms (docs/decisions/chat.md, "Branches"). The same read through the
 * local API (HTTP, the token verified) is printed beside it. Medians of 5 after one warm-up.
 * Run alone: `npx tsx scripts/bench/branches.ts`.
 */
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { apiAs } from '../../test/support/api.js';
import { configureAmplify, signUpAndSignIn } from '../../test/support/identity.js';
import { startTestStack } from '../../test/support/local-stack.js';
import { restProxyEvent } from '../local/api-gateway-event.js';

const MESSAGES = 2_000;
const BRANCHES = 50;
const BUDGET_MS = 300;
const RUNS = 5;

/** The main chain, then per branch an alternative reply and a follow-up under it: 2,000 in all. */
function tree(conversationId: string, userId: string) {
  const id = (n: number) => `bench-${String(n).padStart(6, '0')}`;
  const chain = MESSAGES - BRANCHES * 2;
  const base = (n: number, parentId: string | null) => ({
    conversationId,
    messageId: id(n),
    userId,
    status: 'complete',
    timestamp: 1_700_000_000_000 + n,
    parentId,
  });
  const items = Array.from({ length: chain }, (_, n) => ({
    ...base(n, n === 0 ? null : id(n - 1)),
    role: n % 2 === 0 ? 'user' : 'assistant',
    content: n === chain - 1 ? `Latest message ${n + 1}` : `Turn ${n + 1}`,
  }));
  // Regenerated replies spread along the chain: an alternative beside reply n, and a follow-up.
  const every = Math.floor(chain / BRANCHES);
  for (let branch = 0; branch < BRANCHES; branch += 1) {
    const reply = branch * every + 1;
    const at = chain + branch * 2;
    items.push({ ...base(at, id(reply - 1)), role: 'assistant', content: `Alternative ${branch + 1}` });
    items.push({ ...base(at + 1, id(at)), role: 'user', content: `Follow-up ${branch + 1}` });
  }
  return { items, leaf: id(chain - 1) };
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

export async function benchBranches(): Promise<void> {
  const stack = await startTestStack({ web: false });
  try {
    configureAmplify(stack.runtimeConfig);
    const user = await signUpAndSignIn();
    const api = apiAs(stack.apiUrl, user.idToken);
    const now = Date.now();
    const created = await api.post('/conversations', {
      title: 'Branched',
      name: 'Branched',
      messages: [],
      createdAt: now,
      updatedAt: now,
      metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
    });
    const conversationId = created.body.id as string;
    const { items, leaf } = tree(conversationId, created.body.userId as string);
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.dynamodb.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    for (let at = 0; at < items.length; at += 25) {
      const batch = items.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } }));
      await db.send(new BatchWriteCommand({ RequestItems: { [stack.dynamodb.tableNames.messages]: batch } }));
    }
    db.destroy();
    // The chain's end is the branch shown (the alternatives are newer: without it, the last one's).
    const shown = await api.put(`/conversations/${conversationId}/branch`, { messageId: leaf });
    if (shown.status !== 204) throw new Error(`Selecting the branch failed: ${shown.status}`);

    const path = `/conversations/${conversationId}/messages`;
    const query = 'order=newest&limit=20';
    const { handler } = (await import('../../functions/src/handlers/conversations/list-messages.js')) as {
      handler: (event: unknown, context: unknown) => Promise<APIGatewayProxyResult>;
    };
    const claims = JSON.parse(Buffer.from(user.idToken.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
      email: string;
    };
    const event = () =>
      restProxyEvent(
        {
          method: 'GET',
          url: new URL(`http://localhost/api${path}?${query}`),
          headers: {},
          body: '',
          sourceIp: '127.0.0.1',
        },
        '/conversations/{id}/messages',
        { id: conversationId },
        claims,
      );
    const callHandler = async () => {
      const result = await handler(event(), {});
      const body = JSON.parse(result.body) as { messages?: { content: string; siblingIds?: string[] }[] };
      if (
        result.statusCode !== 200 ||
        body.messages?.[0]?.content !== `Latest message ${MESSAGES - BRANCHES * 2}`
      )
        throw new Error(`Unexpected answer: ${result.statusCode} ${result.body.slice(0, 200)}`);
    };
    await callHandler();
    await api.get(`${path}?${query}`);
    const handlerMs: number[] = [];
    const httpMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      handlerMs.push(await timed(callHandler));
      httpMs.push(await timed(() => api.get(`${path}?${query}`)));
    }
    const server = median(handlerMs);
    console.log(`\nBranched conversation (${MESSAGES} messages, ${BRANCHES} branches), latest page (20)`);
    console.log(
      `  route handler (server time): ${server.toFixed(0)} ms median of ${RUNS} (budget ${BUDGET_MS} ms: ${server < BUDGET_MS ? 'within' : 'OVER'})`,
    );
    console.log(`  through the local API (HTTP, token verified): ${median(httpMs).toFixed(0)} ms`);
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchBranches();
