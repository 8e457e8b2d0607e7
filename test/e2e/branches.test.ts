import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('branches');

const PHONE = { width: 390, height: 844 };
const replies = (page: Page) => page.getByRole('article', { name: 'Reply' });
const modelPicker = (page: Page) =>
  page.getByRole('button', { name: /Local model|llama3\.2:latest|qwen2\.5:7b/ });

async function pickModel(page: Page, model: string) {
  const picker = modelPicker(page);
  await picker.click();
  await page.getByRole('menuitemradio', { name: model }).click();
  await expect.poll(() => picker.textContent()).toContain(model);
}

describe('branches instead of overwrites', () => {
  it("regenerates into '< 2/2 >', switches back by keyboard on a phone, and a reload keeps the choice", async () => {
    const { email } = await signUpWithModel(e2e, 'branches');
    const page = await e2e.openPage(PHONE);
    await loginAs(e2e, page, email);
    await pickModel(page, 'llama3.2:latest');
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Name a colour');
    await input.press('Enter');
    await replies(page).last().getByText('llama3.2:latest', { exact: true }).waitFor();

    // Regenerate with the other model: a second alternative, the first kept one step away.
    await pickModel(page, 'qwen2.5:7b');
    await page.getByRole('button', { name: 'Regenerate reply' }).click();
    const second = page.getByRole('group', { name: 'Alternative 2 of 2' });
    await second.waitFor();
    expect(await second.textContent()).toBe('2/2');
    await replies(page).last().getByText('qwen2.5:7b', { exact: true }).waitFor();
    expect(await replies(page).count()).toBe(1);
    await expectAccessible(page, 'a reply with alternatives, on a phone');
    await e2e.screenshot(page, '1-regenerated');

    // Back to the first by keyboard: its reply is shown again.
    await second.getByRole('button', { name: 'Previous alternative' }).focus();
    await page.keyboard.press('Enter');
    const first = page.getByRole('group', { name: 'Alternative 1 of 2' });
    await first.waitFor();
    await replies(page).last().getByText('llama3.2:latest', { exact: true }).waitFor();
    expect(await replies(page).count()).toBe(1);
    await e2e.screenshot(page, '2-switched-back');

    // The choice is the conversation's: a reload shows the same branch.
    await page.reload();
    await page.getByRole('group', { name: 'Alternative 1 of 2' }).waitFor();
    await replies(page).last().getByText('llama3.2:latest', { exact: true }).waitFor();
    expect(await replies(page).last().getByText('qwen2.5:7b', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'the branch kept over a reload');
  });
});
