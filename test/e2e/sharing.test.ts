/**
 * A conversation shared with a team, read-only (docs/decisions/teams.md, Teams): an Admin chats with the
 * local model, shares the conversation with their team from the chat's header and copies the
 * read-only link; a User of the team opens it and reads it, with nothing to write with; the Teams
 * page lists it; once the Admin stops sharing, the link is 'page not found'.
 */
import { readFile } from 'node:fs/promises';
import { SHARE_BUTTON_LABEL, SHARING_MESSAGES, teamSummarySchema } from '@agentforge/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpAs, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('sharing');

async function invitationCode(email: string): Promise<string> {
  const mail = (await readFile(e2e.stack.outboxFile, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; kind: string; code: string })
    .filter((entry) => entry.to === email && entry.kind === 'team-invitation')
    .at(-1);
  if (!mail) throw new Error(`no invitation for ${email} in the outbox`);
  return mail.code;
}

const replies = (page: Page) => page.getByRole('article', { name: 'Reply' });

describe('sharing a conversation with a team', () => {
  it('an Admin shares a chat; a member opens the link and reads it, read-only; stopping ends it', async () => {
    const admin = await signUpWithModel(e2e, 'share-admin');
    const member = await signUpAs('share-member');
    const adminApi = apiAs(e2e.stack.apiUrl, admin.idToken);
    const memberApi = apiAs(e2e.stack.apiUrl, member.idToken);
    const created = await adminApi.post('/teams', { name: 'Launch crew' });
    expect(created.status).toBe(201);
    const { teamId } = teamSummarySchema.parse(created.body);
    expect(
      (await adminApi.post(`/teams/${teamId}/invitations`, { email: member.email, role: 'user' })).status,
    ).toBe(201);
    expect((await memberApi.post('/teams/join', { code: await invitationCode(member.email) })).status).toBe(
      200,
    );

    // The Admin chats with the local model.
    const adminPage = await e2e.openPage();
    await loginAs(e2e, adminPage, admin.email);
    const picker = adminPage.getByRole('button', { name: /Local model|llama3\.2:latest|qwen2\.5:7b/ });
    await picker.click();
    await adminPage.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
    const input = adminPage.getByRole('textbox', { name: 'Message' });
    await input.fill('Our launch checklist');
    await input.press('Enter');
    await replies(adminPage).last().getByText('Echo: Our launch checklist').waitFor();
    await adminPage.waitForURL(/\/home\/c\//);
    await expect.poll(() => adminPage.getByRole('button', { name: 'Stop Generating' }).count()).toBe(0);

    // 'Share with team' in the header, by keyboard.
    const shareButton = adminPage.getByRole('button', { name: SHARE_BUTTON_LABEL });
    await shareButton.focus();
    await adminPage.keyboard.press('Enter');
    const dialog = adminPage.getByRole('dialog', { name: SHARING_MESSAGES.dialogTitle });
    await dialog.getByLabel('Team', { exact: true }).selectOption({ label: 'Launch crew' });
    await dialog.getByRole('button', { name: SHARING_MESSAGES.share, exact: true }).click();
    await dialog.getByText(SHARING_MESSAGES.sharedWith('Launch crew')).waitFor();
    const link = await dialog.getByRole('textbox', { name: SHARING_MESSAGES.linkLabel }).inputValue();
    expect(link).toMatch(/\/shared\/[\w-]+$/);
    await dialog.getByRole('button', { name: 'Copy read-only link' }).click();
    expect(await adminPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectAccessible(adminPage, 'the share dialog');
    await e2e.screenshot(adminPage, '1-share-dialog');
    await adminPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The member opens the link: the messages, who shared it, and nothing to write with.
    const memberPage = await e2e.openPage();
    await loginAs(e2e, memberPage, member.email);
    await memberPage.goto(link);
    await memberPage.getByText(SHARING_MESSAGES.readOnlyNote(admin.email, 'Launch crew')).waitFor();
    const history = memberPage.getByRole('region', { name: 'Messages' });
    await history.getByText('Our launch checklist', { exact: true }).waitFor();
    await history.getByText('Echo: Our launch checklist').waitFor();
    expect(await memberPage.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    for (const name of ['Edit message', 'Regenerate reply', /Delete/, SHARE_BUTTON_LABEL]) {
      expect(await memberPage.getByRole('button', { name }).count()).toBe(0);
    }
    await expectAccessible(memberPage, 'a shared conversation, read-only');
    await e2e.screenshot(memberPage, '2-read-only');

    // The chat's own address of it leads to the read-only page too.
    await memberPage.goto(link.replace('/shared/', '/home/c/'));
    await memberPage.waitForURL(link);
    await memberPage.getByText(SHARING_MESSAGES.readOnlyNote(admin.email, 'Launch crew')).waitFor();

    // The Teams page lists it, linking to the same page.
    await memberPage.goto(e2e.url('/teams'));
    const shared = memberPage.getByRole('region', { name: SHARING_MESSAGES.teamListTitle });
    await shared.getByRole('link', { name: 'Our launch checklist' }).waitFor();
    await shared.getByText(`Shared by ${admin.email}`).waitFor();
    await expectAccessible(memberPage, 'the Teams page with a shared conversation');
    await shared.getByRole('link', { name: 'Our launch checklist' }).click();
    await memberPage.waitForURL(link);
    await memberPage
      .getByRole('region', { name: 'Messages' })
      .getByText('Echo: Our launch checklist')
      .waitFor();

    // The Admin stops sharing: the link no longer opens for the member.
    await shareButton.click();
    await dialog.getByRole('button', { name: SHARING_MESSAGES.stopSharing }).click();
    await dialog.getByRole('button', { name: SHARING_MESSAGES.share, exact: true }).waitFor();
    await memberPage.reload();
    await memberPage.getByText('404').waitFor();
  });
});
