/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { teamHelpers, userIdOf } from '../support/teams.js';
import { expectAccessible, fromAccountMenu, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('prompts');

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const picker = (page: Page) => page.getByRole('combobox', { name: 'Search prompts' });
const option = (page: Page, title: string) =>
  page.getByRole('listbox', { name: 'Saved prompts' }).getByRole('option', { name: new RegExp(`^${title}`) });

describe('the prompt library on the local stack', () => {
  it("saves a prompt with a variable, picks it with '/', fills it, and the model receives the filled text", async () => {
    const { email } = await signUpWithModel(e2e, 'prompts');
    const page = await e2e.openPage({ width: 390, height: 844 });
    await loginAs(e2e, page, email);
    await page.getByRole('button', { name: /Local model|llama3\.2:latest|qwen2\.5:7b/ }).waitFor();

    // On a phone the account menu is in the sidebar.
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await fromAccountMenu(page, 'Prompt library');
    await page.waitForURL(e2e.url('/prompts'));
    await page.getByRole('button', { name: 'New prompt' }).click();
    const form = page.getByRole('dialog', { name: 'New prompt' });
    await form.getByLabel('Title').fill('Greet');
    await form.getByLabel('Prompt', { exact: true }).fill('Say hello to {{person}} politely');
    await form.getByLabel('Tags (optional, comma-separated)').fill('social');
    await expectAccessible(page, 'the new prompt form on a phone');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Greet' }).waitFor();
    await expectAccessible(page, 'the prompt library on a phone');

    await page.getByRole('link', { name: 'Back to chat' }).click();
    await page.waitForURL(e2e.url('/home'));
    await messageBox(page).focus();
    await page.keyboard.press('/');
    await picker(page).waitFor();
    await page.keyboard.type('gre');
    await option(page, 'Greet').waitFor();
    await expectAccessible(page, 'the prompt picker');
    await page.keyboard.press('Enter');

    const variables = page.getByRole('dialog', { name: 'Greet' });
    await variables.getByLabel('person').waitFor();
    await expectAccessible(page, "the prompt's variables");
    await page.keyboard.type('Ada');
    await page.keyboard.press('Enter');
    await expect.poll(() => messageBox(page).inputValue()).toBe('Say hello to Ada politely');

    await messageBox(page).press('Enter');
    await page.getByRole('article', { name: 'Reply' }).getByText('Echo: Say hello to Ada politely').waitFor();
    const sent = JSON.stringify(e2e.models.requests.filter((r) => r.method === 'POST').at(-1)?.body);
    expect(sent).toContain('Say hello to Ada politely');
  });

  it("shares a team Admin's prompt: a member uses it but cannot edit it", async () => {
    const helpers = teamHelpers(e2e.stack);
    const admin = await signUpWithModel(e2e, 'prompts-admin');
    const member = await signUpWithModel(e2e, 'prompts-member');
    const adminPerson = {
      api: apiAs(e2e.stack.apiUrl, admin.idToken),
      email: admin.email,
      userId: userIdOf(admin.idToken),
      idToken: admin.idToken,
    };
    const memberPerson = {
      api: apiAs(e2e.stack.apiUrl, member.idToken),
      email: member.email,
      userId: userIdOf(member.idToken),
      idToken: member.idToken,
    };
    const team = await helpers.createTeam(adminPerson, 'Prompters');
    await helpers.join(memberPerson, team.teamId, adminPerson);

    const adminPage = await e2e.openPage();
    await loginAs(e2e, adminPage, admin.email);
    await adminPage.getByLabel('Space').selectOption({ label: 'Prompters' });
    await fromAccountMenu(adminPage, 'Prompt library');
    await adminPage.getByRole('button', { name: 'New prompt' }).click();
    const form = adminPage.getByRole('dialog', { name: 'New prompt' });
    await form.getByLabel('Title').fill('Team summary');
    await form.getByLabel('Prompt', { exact: true }).fill('Summarise the week for the team');
    await form.getByLabel(/Share with Prompters/).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByRole('heading', { name: 'Team summary' }).waitFor();
    await adminPage.getByRole('button', { name: 'Edit Team summary' }).waitFor();

    // The Admin's Import and Export act on the library shown: the team's.
    expect(await adminPage.getByRole('combobox', { name: 'Library' }).inputValue()).toBe('team');
    const exported = adminPage.waitForEvent('download');
    await adminPage.getByRole('button', { name: 'Export' }).click();
    const file = await exported;
    expect(file.suggestedFilename()).toBe('Prompters-prompts.json');
    const titlesIn = async (path: string | null) =>
      (JSON.parse(await readFile(path ?? '', 'utf8')) as { prompts: { title: string }[] }).prompts.map(
        (p) => p.title,
      );
    expect(await titlesIn(await file.path())).toEqual(['Team summary']);
    await adminPage.getByLabel('Prompt library file to import').setInputFiles({
      name: 'more.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ prompts: [{ title: 'Team retro', body: 'What went well?' }] })),
    });
    await adminPage.getByRole('status').getByText('Imported 1 prompt into Prompters.').waitFor();
    await adminPage.getByRole('heading', { name: 'Team retro' }).waitFor();
    await expectAccessible(adminPage, "the team's library for its Admin");
    // Their own library is apart.
    await adminPage.getByRole('combobox', { name: 'Library' }).selectOption('own');
    await adminPage.getByText('No saved prompts yet.').waitFor();

    const page = await e2e.openPage();
    await loginAs(e2e, page, member.email);
    await page.getByLabel('Space').selectOption({ label: 'Prompters' });
    await fromAccountMenu(page, 'Prompt library');
    await page.getByRole('heading', { name: 'Team summary' }).waitFor();
    await page.getByRole('heading', { name: 'Team retro' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Team summary' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Team summary' }).count()).toBe(0);
    // A member exports the team's library but imports only into their own.
    await page.getByRole('button', { name: 'Export' }).waitFor();
    expect(await page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
    await expectAccessible(page, "the team's library for a member");
    await page.getByRole('combobox', { name: 'Library' }).selectOption('own');
    await page.getByRole('button', { name: 'Import', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Back to chat' }).click();
    await page.getByRole('button', { name: 'Saved prompts' }).click();
    await option(page, 'Team summary').click();
    await expect.poll(() => messageBox(page).inputValue()).toBe('Summarise the week for the team');
  });
});
