import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { settled, upload } from '../support/knowledge.js';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('knowledge-chat');

const MARKDOWN = `# Leave policy

Every employee gets twenty-five days of paid leave a year.

## Carry-over

Up to five unused days carry over to the next year.
`;

describe('knowledge in the chat, in the browser', () => {
  // A sign-up, an upload indexed by the local pipeline and two replies: slower than one step under load.
  it("cites the passages search_knowledge found under 'From your documents', each opening its passage; 'Use my documents' starts a turn from them", {
    timeout: 240_000,
  }, async () => {
    const { email, idToken } = await signUpWithModel(e2e, 'knowledge-chat');
    const api = apiAs(e2e.stack.apiUrl, idToken);
    const created = await api.post('/knowledge/collections', { name: 'Handbook' });
    expect(created.status).toBe(201);
    const collectionId = created.body.id as string;
    const file = await upload(api, collectionId, 'leave.md', MARKDOWN);
    expect((await settled(api, collectionId, file.id)).status).toBe('ready');

    const page = await e2e.openPage();
    await loginAs(e2e, page, email);
    const input = page.getByRole('textbox', { name: 'Message' });
    // No collection attached yet: no 'Use my documents'.
    await input.waitFor();
    expect(await page.getByRole('button', { name: 'Use my documents' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Chat settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Model settings' });
    await settings
      .getByRole('group', { name: 'Knowledge' })
      .getByRole('checkbox', { name: 'Handbook' })
      .check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });

    // The local model calls search_knowledge as the message scripts it; the reply cites [1].
    await input.fill('How much paid leave? [[tool:search_knowledge {"query":"paid leave a year"}]]');
    await input.press('Enter');
    const first = page.getByRole('article', { name: 'Reply' }).last();
    const cited = first.getByRole('region', { name: 'From your documents' });
    await cited.waitFor({ timeout: 60_000 });
    const items = cited.getByRole('listitem');
    expect(await items.first().textContent()).toMatch(/^\[1\]leave\.md/);
    await expectAccessible(page, "a reply's knowledge citations");
    await cited
      .getByRole('button', { name: /^leave\.md/ })
      .first()
      .click();
    const passage = page.getByRole('dialog', { name: 'leave.md' });
    await passage.getByText('twenty-five days of paid leave', { exact: false }).waitFor();
    expect(await passage.getByRole('link', { name: 'Open its collection' }).getAttribute('href')).toBe(
      `/knowledge/${collectionId}`,
    );
    await expectAccessible(page, 'a cited passage');
    await page.keyboard.press('Escape');
    await passage.waitFor({ state: 'detached' });

    // 'Use my documents', pressed by keyboard: the turn starts from the top passages (the local
    // model echoes its turn), cited the same way; it lets go once the message is sent.
    const toggle = page.getByRole('button', { name: 'Use my documents' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, "the composer with 'Use my documents' pressed");
    await input.fill('How many unused days carry over?');
    await input.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => page.getByRole('article', { name: 'Reply' }).count()).toBe(2);
    const second = page.getByRole('article', { name: 'Reply' }).last();
    const fromDocs = second.getByRole('region', { name: 'From your documents' });
    await fromDocs.waitFor({ timeout: 60_000 });
    await second.getByText("Passages from the user's documents", { exact: false }).first().waitFor();
    expect(await fromDocs.getByRole('listitem').first().textContent()).toMatch(/^\[1\]leave\.md/);
  });
});
