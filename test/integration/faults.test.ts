/**
 * Fault injection (the "Faults" issue): the local stack in a child process, SIGKILLed mid-reply and
 * started again on the same data; each test says the state before and after (the message, the
 * day's token counters), so nothing is lost and nothing is counted twice.
 */
import { CHAT_MESSAGES, type Message } from '@agentforge/shared';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import type { Api } from '../support/api.js';
import { faultState, newUser as signUp, until } from '../support/fault-state.js';
import { configureAmplify } from '../support/identity.js';
import { killableStack, type StackInfo } from '../support/killable-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

/** The platform's model (Bedrock, pointed at the model server): its calls are metered. */
const PLATFORM = { provider: 'anthropic', model: 'claude-3-haiku-20240307' };
const WORD_MS = 200;
/** How many words reach the client before the stack is killed. */
const SHOWN_WORDS = 12;

let models: ModelServer;
let stack: Awaited<ReturnType<typeof killableStack>>;
let info: StackInfo;
let db: DynamoDBDocumentClient;

beforeAll(async () => {
  models = await startModelServer();
  stack = await killableStack({
    // The sweep runs on the reaper's timer: every second here, every minute on AWS.
    reaperIntervalMs: 1_000,
    env: platformModelsEnv(models.url),
  });
  info = await stack.start();
  configureAmplify(info.runtimeConfig);
  db = createDocumentClient({ region: 'us-east-1', endpoint: info.dynamodb.endpoint });
}, 120_000);

const newUser = () => signUp(info.apiUrl);
const dayCounters = (userId: string) => faultState(db, info.dynamodb.tableNames).dayCounters(userId);
const storedMessage = (conversationId: string, messageId: string) =>
  faultState(db, info.dynamodb.tableNames).storedMessage(conversationId, messageId);
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

async function newConversation(api: Api): Promise<string> {
  const now = Date.now();
  const { body } = await api.post('/conversations', {
    title: 'Faults',
    name: 'Faults',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: PLATFORM.provider, defaultModel: PLATFORM.model },
  });
  return body.id as string;
}

const streamUrl = (query: Record<string, string>) =>
  `${info.apiUrl}/api/messages/generate-stream?${new URLSearchParams({ ...PLATFORM, ...query })}`;

describe('a stack killed mid-reply', () => {
  it(`keeps what was shown (${SHOWN_WORDS} words at ${WORD_MS} ms), reads as interrupted, and the sweep gives the reservation back once`, async () => {
    const user = await newUser();
    const conversationId = await newConversation(user.api);
    const replyWords = 60;
    const events = readStream(
      streamUrl({ conversationId, triggerContent: `Tell me [[long:${replyWords}]] [[slow:${WORD_MS}]]` }),
      user.idToken,
    );
    let messageId = '';
    const shown: { text: string; at: number }[] = [];
    for await (const { event } of events) {
      if (event.type === 'status' && event.messageId) messageId = event.messageId;
      if (event.type === 'message_delta') shown.push({ text: event.chunk, at: performance.now() });
      if (shown.filter((delta) => delta.text.trim()).length >= SHOWN_WORDS) break;
    }
    const killedAt = performance.now();
    await stack.kill();
    const shownText = shown.map((delta) => delta.text).join('');
    // What the client had displayed over a second (and a write's latency) before the kill.
    const settledText = shown
      .filter((delta) => delta.at <= killedAt - 1_500)
      .map((delta) => delta.text)
      .join('');

    info = await stack.start();
    // Before the sweep: the reply is still marked streaming, its reservation open on the day's counter.
    const before = await storedMessage(conversationId, messageId);
    const beforeDay = await dayCounters(user.userId);
    const kept = before?.content ?? '';
    expect(shownText.startsWith(kept)).toBe(true);
    expect(kept.startsWith(settledText)).toBe(true);
    if (before?.status === 'streaming') {
      const reservations = Object.values(before.reservations ?? {});
      expect(reservations).toHaveLength(1);
      expect(beforeDay.committed - beforeDay.used).toBe(reservations[0]?.estimate);
    }

    // A reader finds it interrupted (reader-side once the lease ran out, then as the sweep saved it).
    const read = await until(
      'the reply to read as interrupted',
      async () =>
        (await user.api.get(`/conversations/${conversationId}/messages`)).body.messages as Message[],
      (messages) => messages.some((m) => m.id === messageId && !m.isLoading),
    );
    const reply = read.find((m) => m.id === messageId);
    expect(reply).toMatchObject({
      isLoading: false,
      isError: true,
      content: `${kept}\n\n${CHAT_MESSAGES.replyInterrupted}`,
    });

    // The sweep: the reply saved as interrupted, out of the lease index, its reservation settled
    // to the prompt and the kept text (never the reservation's maximum), once.
    const swept = await until(
      'the sweep to end the reply',
      () => storedMessage(conversationId, messageId),
      (record) => record?.status === 'error',
    );
    expect(swept).toMatchObject({ isError: true, content: `${kept}\n\n${CHAT_MESSAGES.replyInterrupted}` });
    expect(swept?.leaseShard).toBeUndefined();
    expect(swept?.reservations).toBeUndefined();
    const after = await dayCounters(user.userId);
    expect(after.committed).toBe(after.used);
    if (before?.status === 'streaming') {
      const [reservation] = Object.values(before.reservations ?? {});
      const counted = Math.min(
        (reservation?.promptTokens ?? 0) + Math.ceil((kept.length - (reservation?.fromChar ?? 0)) / 4),
        reservation?.estimate ?? 0,
      );
      expect(after.used).toBe(beforeDay.used + counted);
    }
    // Later sweeps change nothing (counted once).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await dayCounters(user.userId)).toEqual(after);
    console.info(
      `kill mid-reply: shown ${shownText.trim().split(/\s+/).length} words, kept ${kept.trim().split(/\s+/).length}; ` +
        `tokens before committed ${beforeDay.committed} used ${beforeDay.used}, after committed ${after.committed} used ${after.used}`,
    );

    // Regenerate replaces the interrupted reply with a complete one.
    const regenerated = await collect(
      readStream(streamUrl({ conversationId, replaceFrom: messageId }), user.idToken),
    );
    expect(regenerated.at(-1)?.event).toMatchObject({ type: 'end', status: 'completed' });
  }, 120_000);
});
