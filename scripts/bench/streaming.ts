/**
 * Streaming overhead of the local stack, measured side by side in one run against the same
 * deterministic model server: time to first token and inter-token gaps directly from the model
 * server vs through the stream route (token check, conversation lookup, reply saved as it streams),
 * then 200 concurrent streams. Run alone: `npx tsx scripts/bench/streaming.ts`.
 */
import { pathToFileURL } from 'node:url';
import { apiAs } from '../../test/support/api.js';
import { configureAmplify, signUpAndSignIn } from '../../test/support/identity.js';
import { startTestStack } from '../../test/support/local-stack.js';
import { startModelServer } from '../../test/support/model-server/index.js';
import { readStream } from '../../test/support/sse.js';

const MODEL = 'llama3.2:latest';
const TOKENS = 40;
const GAP_MS = 15;
const RUNS = 15;
const CONCURRENT = 200;
const PROMPT = `[[long:${TOKENS}]] [[slow:${GAP_MS}]]`;

const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
const gapsOf = (times: number[]) => times.slice(1).map((t, i) => t - (times[i] as number));
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Token arrival times straight from the model server's OpenAI-compatible stream. */
async function direct(baseUrl: string): Promise<number[]> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: PROMPT }] }),
  });
  const times: number[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk);
    for (const match of text.matchAll(/"content":"[^"]+"/g)) if (match) times.push(performance.now() - start);
  }
  return times;
}

export async function benchStreaming(): Promise<void> {
  const models = await startModelServer();
  const stack = await startTestStack({ web: false });
  try {
    configureAmplify(stack.runtimeConfig);
    const { idToken } = await signUpAndSignIn();
    const api = apiAs(stack.apiUrl, idToken);
    const key = await api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
    const provider = `custom:${key.body.id as string}`;
    const newConversation = async () => {
      const now = Date.now();
      const { body } = await api.post('/conversations', {
        title: 'bench',
        name: 'bench',
        messages: [],
        createdAt: now,
        updatedAt: now,
        metadata: { defaultProvider: 'anthropic', defaultModel: MODEL },
      });
      return body.id as string;
    };
    const throughStack = async (conversationId: string): Promise<number[]> => {
      const query = new URLSearchParams({ conversationId, provider, model: MODEL, triggerContent: PROMPT });
      const times: number[] = [];
      for await (const { event, at } of readStream(
        `${stack.apiUrl}/api/messages/generate-stream?${query}`,
        idToken,
      )) {
        if (event.type === 'message_delta') times.push(at);
      }
      return times;
    };

    const directRuns: number[][] = [];
    const stackRuns: number[][] = [];
    for (let run = 0; run < RUNS; run++) {
      directRuns.push(await direct(models.baseUrls.custom));
      stackRuns.push(await throughStack(await newConversation()));
    }
    const directTtft = median(directRuns.map((times) => times[0] ?? Number.NaN));
    const stackTtft = median(stackRuns.map((times) => times[0] ?? Number.NaN));
    const directGap = median(directRuns.flatMap(gapsOf));
    const stackGap = median(stackRuns.flatMap(gapsOf));
    console.log(
      `\nStreaming through the local stack (${RUNS} runs of ${TOKENS} tokens ${GAP_MS} ms apart, side by side)`,
    );
    console.log(
      `  time to first token   direct ${ms(directTtft)}   via stack ${ms(stackTtft)}   added ${ms(stackTtft - directTtft)}`,
    );
    console.log(
      `  inter-token gap       direct ${ms(directGap)}   via stack ${ms(stackGap)}   added ${ms(stackGap - directGap)}`,
    );

    const conversations = await Promise.all(Array.from({ length: CONCURRENT }, newConversation));
    const started = performance.now();
    const results = await Promise.allSettled(conversations.map((id) => throughStack(id)));
    const ok = results.flatMap((result) =>
      result.status === 'fulfilled' && result.value.length === TOKENS ? [result.value] : [],
    );
    const firsts = ok.map((times) => times[0] as number);
    console.log(
      `  ${CONCURRENT} concurrent streams   errors ${CONCURRENT - ok.length}   ` +
        `first token p50 ${ms(median(firsts))} p99 ${ms(quantile(firsts, 0.99))} ` +
        `(p99 overhead vs direct ${ms(quantile(firsts, 0.99) - directTtft)})   all done in ${ms(performance.now() - started)}`,
    );
  } finally {
    await stack.stop();
    await models.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchStreaming();
}
