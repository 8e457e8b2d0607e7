/**
 * Enter to the first word in Chromium (issue 29 item 9), for a new chat and for an existing one,
 * side by side with the API's first delta as the same page saw it: from the stream request to the
 * first `message_delta` in its body. All times are the page's own clock (performance.now): Enter is
 * a keydown listener, the stream's timing a fetch wrapper, the first word a MutationObserver.
 * Also: Enter to the user's own bubble, and Enter to the stream request (what runs before it).
 * The model server answers at once (no `[[slow]]`), so what is left is the app's own time. The
 * web is the production build, served as CloudFront serves it (what users get).
 * Run alone: `npx tsx scripts/bench/first-word.ts`; with `--trace`, each run's timeline (requests,
 * long tasks) from Enter to the first word is printed as well.
 */
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { apiAs, completeOnboarding } from '../../test/support/api.js';
import { launchChromium } from '../../test/support/browser.js';
import { configureAmplify, signUpAndSignIn, TEST_PASSWORD } from '../../test/support/identity.js';
import { startModelServer } from '../../test/support/model-server/index.js';
import { startBuiltWebStack } from './built-web-stack.js';

const RUNS = 5;
const MODEL = 'llama3.2:latest';
const TRACE = process.argv.includes('--trace');

/** Times in ms from Enter. */
type Sample = {
  bubble: number;
  streamRequest: number;
  firstDelta: number;
  firstWord: number;
  /** From the first delta's arrival in the page to the word shown. */
  deltaToWord: number;
};

/**
 * In the page before the app: the time of each Enter in the message box, and of the stream's
 * request and first delta (a copy of its body read alongside the app's).
 */
const PROBE = `(() => {
  const probe = (window.__firstWord = { enter: 0, request: 0, delta: 0, timeline: [] });
  const note = (what) => probe.enter && probe.timeline.push([performance.now() - probe.enter, what]);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target instanceof HTMLTextAreaElement) {
      probe.enter = performance.now();
      probe.request = 0;
      probe.delta = 0;
      probe.timeline = [];
    }
  }, true);
  new PerformanceObserver((list) => {
    for (const task of list.getEntries())
      if (probe.enter && task.startTime >= probe.enter)
        probe.timeline.push([task.startTime - probe.enter, 'long task ' + task.duration.toFixed(0) + ' ms']);
  }).observe({ type: 'longtask', buffered: false });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (probe.enter && entry.startTime >= probe.enter && !entry.name.includes('/generate-stream'))
        probe.timeline.push([entry.startTime - probe.enter, 'request ' + new URL(entry.name).pathname +
          ' (' + entry.initiatorType + ', ' + entry.duration.toFixed(0) + ' ms)']);
  }).observe({ type: 'resource', buffered: false });
  const original = window.fetch;
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (!url.includes('/generate-stream')) {
      if (method !== 'GET') note(method + ' ' + new URL(url, location.href).pathname + ' sent');
      return original(input, init);
    }
    probe.request = performance.now();
    note('stream request sent');
    const response = await original(input, init);
    note('stream response headers');
    const copy = response.clone().body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      let text = '';
      for (;;) {
        const { value, done } = await copy.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        if (text.includes('message_delta')) {
          probe.delta = performance.now();
          note('first delta in the page');
          return copy.cancel();
        }
      }
    })().catch(() => {});
    return response;
  };
})()`;

/** Sends `text` with Enter and waits in the page for the bubble and the reply's first word. */
async function sendAndTime(page: Page, text: string, replyCount: number): Promise<Sample> {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  const watched = page.evaluate(`new Promise((resolve) => {
    const found = { bubble: 0, word: 0 };
    const check = () => {
      const mine = [...document.querySelectorAll('article[aria-label="Your message"]')];
      if (!found.bubble && mine.some((a) => a.textContent.includes(${JSON.stringify(text)})))
        found.bubble = performance.now();
      const replies = document.querySelectorAll('article[aria-label="Reply"]');
      const reply = replies[${replyCount}];
      if (!found.word && reply && reply.textContent.includes('Echo:')) found.word = performance.now();
      if (found.bubble && found.word) {
        observer.disconnect();
        resolve(found);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  })`) as Promise<{ bubble: number; word: number }>;
  await input.press('Enter');
  const found = await watched;
  await page.waitForFunction('window.__firstWord.delta > 0');
  const probe = (await page.evaluate('window.__firstWord')) as {
    enter: number;
    request: number;
    delta: number;
    timeline: [number, string][];
  };
  if (TRACE) {
    const events: [number, string][] = [
      ...probe.timeline,
      [found.bubble - probe.enter, 'own bubble shown'],
      [found.word - probe.enter, 'first word shown'],
    ];
    events.sort((a, b) => a[0] - b[0]);
    console.log(`  "${text}":`);
    for (const [at, what] of events) console.log(`    ${at.toFixed(0).padStart(6)} ms  ${what}`);
  }
  // The reply ends (the composer is free again) before the next message.
  await page.getByRole('article', { name: 'Reply' }).nth(replyCount).getByText(`Echo: ${text}`).waitFor();
  return {
    bubble: found.bubble - probe.enter,
    streamRequest: probe.request - probe.enter,
    firstDelta: probe.delta - probe.request,
    firstWord: found.word - probe.enter,
    deltaToWord: found.word - probe.delta,
  };
}

const WORD_MS = 15;
const FRAME_MS = 1000 / 60;
const LONG_END = 'The end of the long reply.';

/** A reply's worth of Markdown (some 400 words: paragraphs, lists, code), echoed back word by word. */
const LONG_REPLY = [
  ...Array.from({ length: 20 }, (_, n) => {
    if (n % 5 === 2)
      return `\`\`\`ts\nconst value${n} = compute(${n}, 'x');\nexport default value${n};\n\`\`\``;
    if (n % 5 === 4) return `- the first point ${n}\n- the **second** point ${n}\n- the third point ${n}`;
    return Array.from({ length: 24 }, (_, i) => (i === 3 ? `**word${n}-${i}**` : `word${n}-${i}`)).join(' ');
  }),
  LONG_END,
].join('\n\n');

/**
 * A long Markdown reply streaming in an existing chat at a model's pace: the frames the page drops
 * while each delta is shown (requestAnimationFrame gaps over 1.5 frames) and its long tasks in all.
 */
async function streamLongReply(page: Page, replyCount: number) {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(`[[slow:${WORD_MS}]] ${LONG_REPLY}`);
  const measured = page.evaluate(`new Promise((resolve) => {
    const gaps = [];
    let busy = 0;
    const tasks = new PerformanceObserver((list) => {
      for (const task of list.getEntries()) busy += task.duration;
    });
    let last = 0;
    const frame = (t) => {
      const reply = document.querySelectorAll('article[aria-label="Reply"]')[${replyCount}];
      const text = reply ? reply.textContent : '';
      const started = text.includes('Echo:');
      if (last && started) gaps.push(t - last);
      if (!last && started) tasks.observe({ type: 'longtask', buffered: false });
      if (started) last = t;
      if (text.includes(${JSON.stringify(LONG_END)})) {
        for (const task of tasks.takeRecords()) busy += task.duration;
        tasks.disconnect();
        return resolve({ gaps, busy });
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`) as Promise<{ gaps: number[]; busy: number }>;
  await input.press('Enter');
  const { gaps, busy } = await measured;
  // The reply's typing dots gone: it has ended.
  await page.locator('article[aria-label="Reply"] [role="status"]').waitFor({ state: 'detached' });
  return {
    frames: gaps.length,
    dropped: gaps.filter((gap) => gap > FRAME_MS * 1.5).length,
    worst: Math.max(...gaps),
    busy,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function print(label: string, samples: Sample[]) {
  const of = (key: keyof Sample) => median(samples.map((sample) => sample[key])).toFixed(0);
  const range = (key: keyof Sample) => {
    const values = samples.map((sample) => sample[key]);
    return `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;
  };
  console.log(
    `  ${label.padEnd(14)} Enter to first word ${of('firstWord')} ms (${range('firstWord')})   ` +
      `API first delta ${of('firstDelta')} ms (${range('firstDelta')})   ` +
      `Enter to stream request ${of('streamRequest')} ms   first delta to word shown ${of('deltaToWord')} ms   ` +
      `Enter to own bubble ${of('bubble')} ms`,
  );
}

export async function benchFirstWord(): Promise<void> {
  const models = await startModelServer();
  const stack = await startBuiltWebStack();
  const browser = await launchChromium();
  try {
    configureAmplify(stack.runtimeConfig);
    const user = await signUpAndSignIn();
    await completeOnboarding(stack.apiUrl, user);
    await apiAs(stack.apiUrl, user.idToken).post('/api-keys', {
      provider: 'custom',
      baseUrl: models.baseUrls.custom,
      label: 'Local model',
    });

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.addInitScript(PROBE);
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(`${stack.webUrl}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${stack.webUrl}/home**`, { timeout: 120_000 });
    const picker = page.getByRole('button', { name: /Local model|llama3\.2:latest/ });
    await picker.click();
    await page.getByRole('menuitemradio', { name: MODEL }).click();
    await page.waitForLoadState('networkidle');

    const fresh: Sample[] = [];
    const existing: Sample[] = [];
    // The page's first chat loads what the first reply needs (the Markdown parser): shown apart.
    const firstOfPage: Sample[] = [];
    // One warm-up chat (the first request of each kind pays for connecting, lazy chunks), not counted.
    for (let run = -1; run < RUNS; run++) {
      await page.getByRole('button', { name: 'New Chat' }).click();
      await page.waitForLoadState('networkidle');
      const first = await sendAndTime(page, `hello number ${run + 2} there`, 0);
      await page.waitForLoadState('networkidle');
      const second = await sendAndTime(page, `and again ${run + 2} here`, 1);
      await page.waitForLoadState('networkidle');
      if (run >= 0) {
        fresh.push(first);
        existing.push(second);
      } else {
        firstOfPage.push(first);
      }
    }
    // In the last chat, after its two replies.
    const streaming = await streamLongReply(page, 2);
    console.log(
      `\nEnter to the first word in Chromium, production build (median and range of ${RUNS} each; local model, no delay)`,
    );
    print('new chat', fresh);
    print('existing chat', existing);
    print("page's first", firstOfPage);
    console.log(
      `  streaming a ~400-word Markdown reply (${WORD_MS} ms a word, after the first word): ` +
        `${streaming.dropped} of ${streaming.frames} frames over ${(FRAME_MS * 1.5).toFixed(0)} ms, ` +
        `worst gap ${streaming.worst.toFixed(0)} ms, long tasks ${streaming.busy.toFixed(0)} ms in all`,
    );
  } finally {
    await browser.close();
    await stack.stop();
    await models.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchFirstWord();
