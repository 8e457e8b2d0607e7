/// <reference lib="dom" />
// The functions given to evaluate() run in the browser.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('long-conversation');

const MESSAGES = 300;

/** A conversation of MESSAGES turns, written straight into the messages table (as the bench does). */
async function seedLongConversation(idToken: string): Promise<string> {
  const now = Date.now();
  const created = await apiAs(e2e.stack.apiUrl, idToken).post('/conversations', {
    title: 'Long chat',
    name: 'Long chat',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  const conversationId = created.body.id as string;
  const items = Array.from({ length: MESSAGES }, (_, n) => ({
    conversationId,
    messageId: `01LONG${String(n).padStart(6, '0')}`,
    userId: created.body.userId as string,
    status: 'complete',
    timestamp: now + n,
    ...(n % 2 === 0
      ? { role: 'user', content: `Question ${n + 1}` }
      : { role: 'assistant', content: `Answer ${n + 1}` }),
  }));
  const db = createDocumentClient({ region: 'us-east-1', endpoint: e2e.stack.dynamodb.endpoint });
  for (let at = 0; at < items.length; at += 25) {
    const batch = items.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } }));
    await db.send(
      new BatchWriteCommand({ RequestItems: { [e2e.stack.dynamodb.tableNames.messages]: batch } }),
    );
  }
  db.destroy();
  return conversationId;
}

/** Where the focus is: the id of the message holding it (ids sort as the conversation), and whether it is in the list's view. */
const focusInList = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    const item = focused?.closest('[data-message-id]');
    const list = document.querySelector('section[aria-label="Messages"]');
    if (!focused || !item || !list) return null;
    const at = focused.getBoundingClientRect();
    const view = list.getBoundingClientRect();
    return {
      id: item.getAttribute('data-message-id') ?? '',
      inView: at.bottom > view.top && at.top < view.bottom,
    };
  });

/** The first message whose top is in the list's view: its id and where it is on screen. */
const topmostShown = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector('section[aria-label="Messages"]') as HTMLElement;
    const top = list.getBoundingClientRect().top;
    const items = [...list.querySelectorAll('[data-message-id]')].map((item) => ({
      id: item.getAttribute('data-message-id') ?? '',
      top: item.getBoundingClientRect().top,
    }));
    return items.filter((item) => item.top >= top).sort((a, b) => a.top - b.top)[0] ?? null;
  });

describe('a long conversation on a phone', () => {
  // A journey: a few hundred messages seeded, pages held and released, twenty key presses, axe.
  it('opens on its latest messages, loads an earlier page in place, moves up through them by keyboard, and passes axe', async () => {
    const { email, idToken } = await signUpWithModel(e2e, 'long-chat');
    const id = await seedLongConversation(idToken);
    const page = await e2e.openPage({ width: 390, height: 844 });
    // Earlier pages wait for the test's go-ahead: what the reader sees is compared before and after.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/messages\?.*cursor=/, async (route) => {
      await held;
      await route.continue();
    });
    await loginAs(e2e, page, email);
    await page.goto(e2e.url(`/home/c/${id}`));
    await page.getByText(`Answer ${MESSAGES}`, { exact: true }).waitFor();

    // Scrolled to the top, the earlier page loads above what the reader sees, which stays in place.
    const list = page.getByRole('region', { name: 'Messages' });
    await list.hover();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, -5_000);
        return list.evaluate((element) => element.scrollTop);
      })
      .toBe(0);
    await page.getByText('Loading earlier messages...').waitFor();
    const before = await topmostShown(page);
    expect(before).not.toBeNull();
    const anchor = before as NonNullable<typeof before>;
    release();
    await page.getByText('Loading earlier messages...').waitFor({ state: 'hidden' });
    await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    const after = await page.evaluate(
      (messageId) =>
        document.querySelector(`[data-message-id="${messageId}"]`)?.getBoundingClientRect().top ?? null,
      anchor.id,
    );
    expect(after).not.toBeNull();
    expect(Math.abs((after as number) - anchor.top)).toBeLessThan(60);

    // By keyboard: Shift+Tab from the message box goes up through the messages' actions, each
    // scrolled into view and rendered as the focus reaches it (the list renders only what is near).
    await page.getByRole('textbox', { name: 'Message' }).focus();
    let first = await focusInList(page);
    for (let presses = 0; presses < 6 && !first; presses++) {
      await page.keyboard.press('Shift+Tab');
      first = await focusInList(page);
    }
    expect(first, 'Shift+Tab from the message box reaches the messages').not.toBeNull();
    const start = first as NonNullable<typeof first>;
    let last = start;
    for (let presses = 0; presses < 20; presses++) {
      await page.keyboard.press('Shift+Tab');
      // The browser scrolls the focus into view at once; an earlier page arriving meanwhile
      // re-anchors the list a frame later, so 'in view' is where it settles, not the first frame.
      await expect.poll(async () => (await focusInList(page))?.inView, { timeout: 2_000 }).toBe(true);
      const now = await focusInList(page);
      expect(now, 'the focus stays in the messages').not.toBeNull();
      const at = now as NonNullable<typeof now>;
      // A reply has two actions where the browser can speak (Copy, Read aloud): the same message twice.
      expect(at.id <= last.id, `${at.id} is not after ${last.id}`).toBe(true);
      last = at;
    }
    expect(last.id < start.id, 'the focus went up through the messages').toBe(true);
    await expectAccessible(
      page,
      'a long conversation on a phone, an earlier page loaded, moved through by keyboard',
    );
  }, 180_000);
});
