/**
 * Streaming overhead of the local stack with the model server, the stack and the load client
 * (this process) each in a process of its own, so one's work does not hide in another's event
 * loop. Reports the first-token overhead (each stream paired with a direct request to the same
 * model server, median of the differences), the inter-token gap, and for 200 concurrent streams:
 * errors, p50/p99 first-token overhead and the stack's CPU ms per stream.
 * Run alone: `npx tsx scripts/bench/streaming.ts` (`--function-only`: without the 200 streams).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '@agentforge/shared';
import { apiAs } from '../../test/support/api.js';
import { configureAmplify, signUpAndSignIn } from '../../test/support/identity.js';
import type { HttpDialect } from '../../test/support/model-server/index.js';
import { readStream } from '../../test/support/sse.js';
import { forkService } from './processes/child-process.js';
import { benchStreamFunction } from './stream-function.js';

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

const directRequestBody = JSON.stringify({
  model: MODEL,
  stream: true,
  messages: [{ role: 'user', content: PROMPT }],
});

/** Token arrival times straight from the model server's OpenAI-compatible stream. */
async function direct(baseUrl: string): Promise<number[]> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: directRequestBody,
  });
  const times: number[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk);
    for (const match of text.matchAll(/"content":"[^"]+"/g)) if (match) times.push(performance.now() - start);
  }
  return times;
}

/** `functionOnly`: the paired runs and the stream function, not the 200 concurrent streams. */
export async function benchStreaming(options: { functionOnly?: boolean } = {}): Promise<void> {
  const processes = join(import.meta.dirname, 'processes');
  const [models, stack] = await Promise.all([
    forkService<{
      baseUrls: Record<HttpDialect, string>;
      tls: { baseUrls: Record<HttpDialect, string>; roundTripMs: number; caFile: string };
    }>(join(processes, 'model-server.ts')),
    forkService<{
      apiUrl: string;
      runtimeConfig: RuntimeConfig;
      functionEnv: Record<string, string | undefined>;
    }>(join(processes, 'local-stack.ts')),
  ]);
  try {
    const { apiUrl, runtimeConfig } = stack.info;
    configureAmplify(runtimeConfig);
    const { idToken } = await signUpAndSignIn();
    const api = apiAs(apiUrl, idToken);
    const key = await api.post('/api-keys', { provider: 'custom', baseUrl: models.info.baseUrls.custom });
    const provider = `custom:${key.body.id as string}`;
    const tlsKey = await api.post('/api-keys', {
      provider: 'custom',
      baseUrl: models.info.tls.baseUrls.custom,
    });
    const tlsProvider = `custom:${tlsKey.body.id as string}`;
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
    const streamQuery = (conversationId: string, over = provider) => ({
      conversationId,
      provider: over,
      model: MODEL,
      triggerContent: PROMPT,
    });
    const throughStack = async (conversationId: string): Promise<number[]> => {
      const query = new URLSearchParams(streamQuery(conversationId));
      const times: number[] = [];
      for await (const { event, at } of readStream(
        `${apiUrl}/api/messages/generate-stream?${query}`,
        idToken,
      )) {
        if (event.type === 'message_delta') times.push(at);
      }
      return times;
    };

    const directTtft = median(
      (await Promise.all([1, 2, 3].map(() => direct(models.info.baseUrls.custom)))).map(
        (t) => t[0] ?? Number.NaN,
      ),
    );
    const firstTokenOverheads: number[] = [];
    const directGaps: number[] = [];
    const stackGaps: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const conversationId = await newConversation();
      const directTimes = await direct(models.info.baseUrls.custom);
      const stackTimes = await throughStack(conversationId);
      firstTokenOverheads.push((stackTimes[0] ?? Number.NaN) - (directTimes[0] ?? Number.NaN));
      directGaps.push(...gapsOf(directTimes));
      stackGaps.push(...gapsOf(stackTimes));
    }
    console.log(
      `\nStreaming through the local stack (model server, stack and load client in separate processes; ` +
        `${RUNS} paired runs of ${TOKENS} tokens ${GAP_MS} ms apart)`,
    );
    console.log(
      `  first-token overhead  median ${ms(median(firstTokenOverheads))} (paired with direct requests)`,
    );
    console.log(
      `  inter-token gap       direct ${ms(median(directGaps))}   via stack ${ms(median(stackGaps))}   ` +
        `added ${ms(median(stackGaps) - median(directGaps))}`,
    );
    await benchStreamFunction({
      functionEnv: stack.info.functionEnv,
      nextInvocation: async () => ({ query: streamQuery(await newConversation()), idToken }),
      modelFirstTokenMs: directTtft,
      rawPipe: { url: `${models.info.baseUrls.custom}/chat/completions`, body: directRequestBody },
      newConnections: {
        caFile: models.info.tls.caFile,
        roundTripMs: models.info.tls.roundTripMs,
        nextInvocation: async () => ({ query: streamQuery(await newConversation(), tlsProvider), idToken }),
        rawPipe: { url: `${models.info.tls.baseUrls.custom}/chat/completions`, body: directRequestBody },
      },
    });
    if (options.functionOnly) return;

    const conversations = await Promise.all(Array.from({ length: CONCURRENT }, newConversation));
    const cpuBefore = await stack.cpuMs();
    const started = performance.now();
    const results = await Promise.allSettled(conversations.map((id) => throughStack(id)));
    const elapsed = performance.now() - started;
    const cpuPerStream = ((await stack.cpuMs()) - cpuBefore) / CONCURRENT;
    const ok = results.flatMap((result) =>
      result.status === 'fulfilled' && result.value.length === TOKENS ? [result.value] : [],
    );
    const overheads = ok.map((times) => (times[0] as number) - directTtft);
    console.log(
      `  ${CONCURRENT} concurrent streams   errors ${CONCURRENT - ok.length}   first-token overhead ` +
        `p50 ${ms(median(overheads))} p99 ${ms(quantile(overheads, 0.99))}   ` +
        `stack CPU ${ms(cpuPerStream)} per stream   all done in ${ms(elapsed)}`,
    );
  } finally {
    await Promise.all([stack.stop(), models.stop()]);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchStreaming({ functionOnly: process.argv.includes('--function-only') });
}
