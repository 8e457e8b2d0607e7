/**
 * A long conversation in Chromium: 5,000 messages (every 50th with a 200 KB tool output, every
 * 10th reply with a code block) written straight into the local messages table, then the time
 * from opening its URL to its latest message shown, and the frames dropped (requestAnimationFrame
 * gaps over 1.5 frames) while a script scrolls up through it (earlier pages loading as it goes).
 * Side by side, the API's part: the latest page (order=newest, what the chat reads now) against
 * every page oldest first (what it read before, 200 at a time). The web is the production build
 * (React's production build, served as CloudFront serves it): what users get.
 * Run alone: `npx tsx scripts/bench/long-conversation.ts`.
 */
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { apiAs, completeOnboarding } from '../../test/support/api.js';
import { launchChromium } from '../../test/support/browser.js';
import { configureAmplify, signUpAndSignIn, TEST_PASSWORD } from '../../test/support/identity.js';
import { startBuiltWebStack } from './built-web-stack.js';

const MESSAGES = 5_000;
const BIG_EVERY = 50;
const BIG_OUTPUT_CHARS = 200_000;
const FRAME_MS = 1000 / 60;
const SCROLL_FRAMES = 600;
const SCROLL_STEP_PX = 120;

function record(conversationId: string, userId: string, messageId: string, n: number) {
  const base = { conversationId, messageId, userId, status: 'complete', timestamp: 1_700_000_000_000 + n };
  if (n % 2 === 0) return { ...base, role: 'user', content: `Question ${n + 1}` };
  const code = n % 10 === 1 ? `\n\n\`\`\`ts\nexport const answer${n} = ${n};\n\`\`\`` : '';
  const big = n % BIG_EVERY === BIG_EVERY - 1;
  return {
    ...base,
    role: 'assistant',
    content: n === MESSAGES - 1 ? `Latest message ${n + 1}` : `Answer ${n + 1}${code}`,
    ...(big
      ? {
          toolCalls: [
            {
              id: `t${n}`,
              name: 'read_file',
              status: 'success',
              input: { path: 'big.txt' },
              result: 'x'.repeat(BIG_OUTPUT_CHARS),
            },
          ],
        }
      : {}),
  };
}

async function seed(endpoint: string, table: string, conversationId: string, userId: string) {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  // In the table's order, as message ids (ULIDs) are.
  const items = Array.from({ length: MESSAGES }, (_, n) =>
    record(conversationId, userId, `bench-${String(n).padStart(6, '0')}`, n),
  );
  for (let at = 0; at < items.length; at += 25) {
    const batch = items.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } }));
    await db.send(new BatchWriteCommand({ RequestItems: { [table]: batch } }));
  }
  db.destroy();
}

const timed = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

export async function benchLongConversation(): Promise<void> {
  const stack = await startBuiltWebStack();
  const browser = await launchChromium();
  try {
    configureAmplify(stack.runtimeConfig);
    const user = await signUpAndSignIn();
    await completeOnboarding(stack.apiUrl, user);
    const api = apiAs(stack.apiUrl, user.idToken);
    const now = Date.now();
    const conversation = (title: string) => ({
      title,
      name: title,
      messages: [],
      createdAt: now,
      updatedAt: now,
      metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
    });
    const created = await api.post('/conversations', conversation('Long chat'));
    const id = created.body.id as string;
    // Newer than the long one: the app opens on it (it opens the newest conversation).
    await api.post('/conversations', conversation('Newer chat'));
    await seed(
      stack.dynamodb.endpoint,
      stack.dynamodb.tableNames.messages,
      id,
      created.body.userId as string,
    );

    const path = `/conversations/${id}/messages`;
    const latestPage = await timed(() => api.get(`${path}?order=newest&limit=20`));
    const everyPage = await timed(async () => {
      let cursor: string | undefined;
      do {
        const page = await api.get(`${path}?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
        cursor = page.body.nextCursor as string | undefined;
      } while (cursor);
    });

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${stack.webUrl}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${stack.webUrl}/home**`);
    // The app loaded on a newer, empty chat; then the long one is opened from the sidebar (timed
    // from the click: the app's own start is not counted).
    await page.getByText('Newer chat', { exact: true }).waitFor();
    await page.getByText('Long chat', { exact: true }).waitFor();
    // Settled (its start's requests and lazy pages done): the click is not queued behind them.
    await page.waitForLoadState('networkidle');
    const open = await timed(async () => {
      await page.getByText('Long chat', { exact: true }).click();
      await page.getByText(`Latest message ${MESSAGES}`).waitFor({ timeout: 120_000 });
    });
    const rendered = await page.locator('section[aria-label="Messages"] article').count();

    // A string: the bundler's helpers for named functions do not exist in the page.
    const frames = (await page.evaluate(`new Promise((resolve) => {
      const list = document.querySelector('section[aria-label="Messages"]');
      const gaps = [];
      let last = performance.now();
      let left = ${SCROLL_FRAMES};
      const frame = (t) => {
        gaps.push(t - last);
        last = t;
        list.scrollTop -= ${SCROLL_STEP_PX};
        if (--left > 0) requestAnimationFrame(frame);
        else resolve({ gaps, shown: list.querySelectorAll('article').length });
      };
      requestAnimationFrame(frame);
    })`)) as { gaps: number[]; shown: number };
    const dropped = frames.gaps.filter((gap) => gap > FRAME_MS * 1.5).length;
    const worst = Math.max(...frames.gaps);

    console.log(
      `\nLong conversation, production build (${MESSAGES} messages, every ${BIG_EVERY}th with a 200 KB tool output)`,
    );
    console.log(`  API, latest page (order=newest, 20):    ${latestPage.toFixed(0)} ms`);
    console.log(
      `  API, every page oldest first (200 each): ${everyPage.toFixed(0)} ms (what the chat read before)`,
    );
    console.log(
      `  Chromium, opened from the sidebar to its latest message shown: ${open.toFixed(0)} ms (${rendered} messages rendered)`,
    );
    console.log(
      `  Chromium, scripted scroll up: ${dropped} of ${frames.gaps.length} frames dropped (gap > ${(FRAME_MS * 1.5).toFixed(1)} ms), worst gap ${worst.toFixed(0)} ms, ${frames.shown} messages rendered after`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchLongConversation();
