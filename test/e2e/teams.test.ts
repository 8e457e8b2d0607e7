/**
 * Teams in the browser (issue 13): an Admin creates a team and adds a member at /createuser; the
 * member joins with the e-mailed code, works in the team's space with its server, and gets no
 * Admin controls until the Admin makes them an Admin; the Admin renames the team and removes the
 * member after a confirmation.
 */
import { readFile } from 'node:fs/promises';
import { SERVER_MESSAGES, TEAM_MESSAGES } from '@agentforge/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpAs, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('teams');

/** The newest invitation code e-mailed to `email`, from the local outbox. */
async function invitationCode(email: string): Promise<string> {
  const mails = (await readFile(e2e.stack.outboxFile, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; kind: string; code: string });
  const mail = mails.filter((entry) => entry.to === email && entry.kind === 'team-invitation').at(-1);
  if (!mail) throw new Error(`no invitation for ${email} in the outbox`);
  return mail.code;
}

describe('teams on the local stack', () => {
  it('an Admin adds a member, who joins, uses the team server without Admin controls, until made an Admin', async () => {
    const admin = await signUpAs('team-admin');
    // The member chats with their own model (a key of theirs), using the team's server's tools.
    const member = await signUpWithModel(e2e, 'team-member');

    const adminPage = await e2e.openPage();
    await loginAs(e2e, adminPage, admin.email);
    await adminPage.goto(e2e.url('/teams'));
    await adminPage.getByLabel('Team name').fill('Acme');
    await adminPage.getByRole('button', { name: 'Create team' }).click();
    await adminPage.getByText('Acme').first().waitFor();

    // /createuser: where an Admin adds a member.
    await adminPage.goto(e2e.url('/createuser'));
    const invite = adminPage.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('E-mail').fill(member.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await adminPage.getByRole('button', { name: `Revoke the invitation of ${member.email}` }).waitFor();
    await expectAccessible(adminPage, 'the Teams page of an Admin');
    await e2e.screenshot(adminPage, '1-admin');

    // The team's server (an Admin's), made through the API as the Servers view would.
    const adminApi = apiAs(e2e.stack.apiUrl, admin.idToken);
    const { teams } = (await adminApi.get('/teams')).body as { teams: { teamId: string; name: string }[] };
    const teamId = teams.find((team) => team.name === 'Acme')?.teamId as string;
    const created = await adminApi.post(`/mcp-servers?teamId=${teamId}`, {
      name: 'Team tools',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
      environmentVariables: [],
    });
    expect(created.status).toBe(201);

    const memberPage = await e2e.openPage();
    await loginAs(e2e, memberPage, member.email);
    await memberPage.goto(e2e.url('/teams'));
    await memberPage.getByLabel('Invitation code').fill(await invitationCode(member.email));
    await memberPage.getByRole('button', { name: 'Join team' }).click();
    await memberPage.getByText('Acme').first().waitFor();
    // A User has no Admin controls, and the API refuses them an Admin action.
    await memberPage.getByText(`${member.email}`).first().waitFor();
    expect(await memberPage.getByRole('form', { name: 'Invite a member' }).count()).toBe(0);
    const memberApi = apiAs(e2e.stack.apiUrl, member.idToken);
    const refused = await memberApi.post(`/teams/${teamId}/invitations`, {
      email: 'x@example.com',
      role: 'user',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TEAM_MESSAGES.adminRequired);
    await expectAccessible(memberPage, 'the Teams page of a User');

    // The team's space: its server is there for the member.
    await memberPage.goto(e2e.url('/home'));
    await memberPage.getByLabel('Space').selectOption({ label: 'Acme' });
    await memberPage.getByRole('tab', { name: 'Servers' }).click();
    const teamCard = memberPage.getByRole('article', { name: 'Team tools' });
    await teamCard.waitFor();
    // A User uses and starts the team's servers; adding, editing, stopping, deleting and external
    // access are the Admins' (the API would answer 403).
    await teamCard.getByText("Managed by the team's Admins").waitFor();
    await teamCard.getByRole('button', { name: 'Start Team tools' }).waitFor();
    await teamCard.getByRole('button', { name: 'Use in chat' }).waitFor();
    for (const name of [
      'Add MCP Server Config',
      'Edit Team tools',
      'Delete Team tools',
      'Connect Team tools',
    ]) {
      expect(await memberPage.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await memberPage.getByRole('switch', { name: 'Enable Team tools' }).count()).toBe(0);
    expect(await memberPage.getByRole('button', { name: 'Configure Server' }).count()).toBe(0);
    await expectAccessible(memberPage, "the team space's Servers view of a User");
    await e2e.screenshot(memberPage, '2-member-space');

    // The member starts the team's server, uses it in a chat, and its tool answers.
    await teamCard.getByRole('button', { name: 'Start Team tools' }).click();
    await teamCard.getByRole('button', { name: 'Use in chat' }).click();
    await teamCard.getByText('In this chat').waitFor();
    await memberPage.getByRole('button', { name: /Local model/ }).click();
    await memberPage.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
    await memberPage.getByRole('tab', { name: 'Chats' }).click();
    const message = memberPage.getByRole('textbox', { name: 'Message' });
    await message.fill('Please echo [[tool:echo {"message":"team"}]]');
    await message.press('Enter');
    await memberPage
      .getByRole('article', { name: 'Reply' })
      .last()
      .getByText('Tool echo said: Echo: team')
      .waitFor({ timeout: 60_000 });

    // The Admin screens are not theirs: /createuser has no invitation form for them, and the
    // Activity log offers them their own activity only (not the team's).
    await memberPage.goto(e2e.url('/createuser'));
    await memberPage.getByText('Acme').first().waitFor();
    expect(await memberPage.getByRole('form', { name: 'Invite a member' }).count()).toBe(0);
    expect(await memberPage.getByRole('form', { name: 'Rename the team' }).count()).toBe(0);
    await memberPage.goto(e2e.url('/audit'));
    await memberPage.getByRole('heading', { name: 'Activity log' }).waitFor();
    await memberPage.getByRole('cell', { name: 'Signed in' }).first().waitFor();
    expect(await memberPage.getByLabel('Whose activity').count()).toBe(0);

    // The Admin makes the member an Admin: the invitation form appears for them.
    await adminPage.goto(e2e.url('/teams'));
    await adminPage.getByLabel(`Role of ${member.email}`).selectOption({ label: 'Admin' });
    // A role change asks first.
    await adminPage
      .getByRole('alertdialog', { name: `Change ${member.email}'s role to Admin?` })
      .getByRole('button', { name: 'Change role' })
      .click();
    await adminPage.getByText(`${member.email}'s role is now Admin`).waitFor();
    await expect
      .poll(async () => {
        await memberPage.goto(e2e.url('/teams'));
        await memberPage.getByText('Acme').first().waitFor();
        return memberPage.getByRole('form', { name: 'Invite a member' }).count();
      })
      .toBe(1);
    // ...and, in the team's space, the Servers view's Admin controls.
    await memberPage.goto(e2e.url('/home'));
    await memberPage.getByRole('tab', { name: 'Servers' }).click();
    await memberPage.getByRole('button', { name: 'Edit Team tools' }).waitFor();
    await memberPage.getByRole('button', { name: 'Add MCP Server Config' }).waitFor();

    // The Admin reads the team's activity log (the scope selector) and exports it.
    await adminPage.goto(e2e.url('/audit'));
    await adminPage.getByRole('heading', { name: 'Activity log' }).waitFor();
    await adminPage.getByLabel('Whose activity').selectOption({ label: 'Team: Acme' });
    await adminPage.getByRole('cell', { name: 'Member role changed' }).waitFor();
    await adminPage.getByRole('cell', { name: 'Member joined' }).waitFor();
    await adminPage.getByRole('cell', { name: 'Member invited' }).waitFor();
    await adminPage.getByRole('cell', { name: 'Server created' }).waitFor();
    await expectAccessible(adminPage, "the team's activity log");
    await e2e.screenshot(adminPage, '3-team-activity-log');
    const download = adminPage.waitForEvent('download');
    await adminPage.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await file.path()) as string, 'utf8');
    expect(csv).toContain(',member.joined,');
    expect(csv).toContain(',member.role_changed,');
    expect(csv).not.toContain(await invitationCode(member.email));

    // Team settings: the Admin renames the team inline.
    await adminPage.goto(e2e.url('/teams'));
    const settings = adminPage.getByRole('region', { name: 'Team settings' });
    await settings.getByLabel('Name', { exact: true }).fill('Acme Labs');
    await settings.getByRole('button', { name: 'Rename team' }).click();
    await adminPage.getByRole('heading', { name: 'Acme Labs: members' }).waitFor();
    await settings.getByRole('button', { name: 'Delete team' }).waitFor();
    await expectAccessible(adminPage, 'the Teams page with its settings');

    // Removing a member asks first (keyboard: Escape cancels), then removes them.
    const remove = adminPage.getByRole('button', { name: `Remove ${member.email}` });
    await remove.click();
    const confirm = adminPage.getByRole('alertdialog', { name: `Remove ${member.email}?` });
    await confirm.waitFor();
    await expectAccessible(adminPage, 'the Remove confirmation');
    await e2e.screenshot(adminPage, '4-remove-confirmation');
    await adminPage.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await remove.click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await remove.waitFor({ state: 'detached' });
    expect((await memberApi.get(`/teams/${teamId}`)).status).toBe(404);
  }, 180_000);

  it('runs a team on a phone (390×844): the Teams page and its log fit, by keyboard, axe-clean', async () => {
    const admin = await signUpAs('team-phone');
    const created = await apiAs(e2e.stack.apiUrl, admin.idToken).post('/teams', { name: 'Pocket' });
    expect(created.status).toBe(201);
    const page = await e2e.openPage({ width: 390, height: 844 });
    await loginAs(e2e, page, admin.email);
    await page.goto(e2e.url('/teams'));
    await page.getByRole('heading', { name: 'Pocket: members' }).waitFor();

    // An invitation by keyboard: the address typed, Enter sends it; its link shows once.
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('E-mail').fill('pocket-guest@example.com');
    await invite.getByLabel('E-mail').press('Enter');
    await page.getByRole('button', { name: 'Revoke the invitation of pocket-guest@example.com' }).waitFor();
    await page.getByRole('button', { name: 'Copy invitation link' }).waitFor();

    // The team's overage cap, by keyboard: the team space's overage is billed to the team.
    const cap = page.getByRole('form', { name: 'Team overage cap' });
    await cap.getByLabel('Monthly cap (USD)').fill('25');
    await cap.getByLabel('Monthly cap (USD)').press('Enter');
    await page.getByText('Team overage cap saved.').waitFor();
    await page.getByText('This month: 0 tokens ($0.00) of the $25 cap.').waitFor();

    // Nothing is wider than the screen (no sideways scrolling).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the Teams page on a phone');
    await e2e.screenshot(page, '5-phone');

    // The team's activity log, where the Admin reads the invitation.
    await page.goto(e2e.url('/audit'));
    await page.getByLabel('Whose activity').selectOption({ label: 'Team: Pocket' });
    await page.getByRole('cell', { name: 'Member invited' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, "the team's activity log on a phone");
  });

  it("on a phone, an Admin marks a team server's variable as each member's own; a member enters theirs by keyboard", async () => {
    const admin = await signUpAs('values-admin');
    const member = await signUpAs('values-member');
    const adminApi = apiAs(e2e.stack.apiUrl, admin.idToken);
    const team = (await adminApi.post('/teams', { name: 'Keys' })).body as { teamId: string };
    expect(
      (await adminApi.post(`/teams/${team.teamId}/invitations`, { email: member.email, role: 'user' }))
        .status,
    ).toBe(201);
    const joined = await apiAs(e2e.stack.apiUrl, member.idToken).post('/teams/join', {
      code: await invitationCode(member.email),
    });
    expect(joined.status).toBe(200);

    const serversOfTeam = async (page: Page, email: string) => {
      await loginAs(e2e, page, email);
      // The space is in the top bar; the Servers view in the drawer.
      await page.getByLabel('Space').selectOption({ label: 'Keys' });
      await page.getByRole('button', { name: 'Open sidebar' }).click();
      await page.getByRole('tab', { name: 'Servers' }).click();
    };
    const fits = async (page: Page) =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The Admin's form: the plain warning on shared values, and a variable each member supplies.
    const adminPage = await e2e.openPage({ width: 390, height: 844 });
    await serversOfTeam(adminPage, admin.email);
    await adminPage.getByRole('button', { name: 'Add MCP Server Config' }).click();
    const form = adminPage.getByRole('dialog', { name: 'New Server Configuration' });
    await form.getByText(SERVER_MESSAGES.sharedValuesWarning).waitFor();
    await form.getByLabel('Name', { exact: true }).fill('Team keys');
    await form.getByLabel('Package name').fill('@modelcontextprotocol/server-everything');
    await form.getByRole('button', { name: 'Add variable' }).click();
    await form.getByLabel('Variable 1 name').fill('API_TOKEN');
    await form.getByRole('checkbox', { name: 'Variable 1: Each member supplies their own' }).focus();
    await adminPage.keyboard.press('Space');
    await fits(adminPage);
    await expectAccessible(adminPage, "a team server's form with a per-member variable on a phone");
    await form.getByRole('button', { name: 'Create server' }).click();
    await form.waitFor({ state: 'detached' });

    // The member is told what to supply, and enters it in 'Your values' by keyboard.
    const memberPage = await e2e.openPage({ width: 390, height: 844 });
    await serversOfTeam(memberPage, member.email);
    const teamCard = memberPage.getByRole('article', { name: 'Team keys' });
    await teamCard.getByText('Needs your own value for API_TOKEN').waitFor();
    await teamCard.getByRole('button', { name: 'Enter your values for Team keys' }).focus();
    await memberPage.keyboard.press('Enter');
    const values = memberPage.getByRole('dialog', { name: 'Your values' });
    await values.getByLabel('API_TOKEN').fill('my-own-token-5678');
    await fits(memberPage);
    await expectAccessible(memberPage, "a member's own values on a phone");
    await values.getByLabel('API_TOKEN').press('Enter');
    await values.waitFor({ state: 'detached' });
    // A dialog opened from the phone's drawer closed the drawer: open it again to see the card.
    await memberPage.getByRole('button', { name: 'Open sidebar' }).click();
    await teamCard.getByText('Your own values are set').waitFor();
    await fits(memberPage);
    await expectAccessible(memberPage, 'a per-member team server card on a phone');
    await e2e.screenshot(memberPage, '6-member-values');
  }, 180_000);

  it('on a phone, the invitee reads the invitation (team, inviter, role, expiry) and declines it by keyboard', async () => {
    const admin = await signUpAs('invite-admin');
    const invitee = await signUpAs('invite-guest');
    const adminApi = apiAs(e2e.stack.apiUrl, admin.idToken);
    const team = (await adminApi.post('/teams', { name: 'Harbour' })).body as { teamId: string };
    expect(
      (await adminApi.post(`/teams/${team.teamId}/invitations`, { email: invitee.email, role: 'admin' }))
        .status,
    ).toBe(201);

    const page = await e2e.openPage({ width: 390, height: 844 });
    await loginAs(e2e, page, invitee.email);
    await page.goto(e2e.url(`/teams/join?code=${await invitationCode(invitee.email)}`));
    await page.getByRole('heading', { name: 'Join Harbour' }).waitFor();
    await page.getByText(`Invited by ${admin.email} as Admin`).waitFor();
    await page.getByText(/^Expires /).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the invitation page on a phone');
    await e2e.screenshot(page, '7-invitation');

    await page.getByRole('button', { name: 'Decline' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(TEAM_MESSAGES.invitationDeclined('Harbour')).waitFor();
    await expectAccessible(page, 'the declined invitation on a phone');
    // The Admin's list no longer holds it; the way home is a link.
    expect((await adminApi.get(`/teams/${team.teamId}/invitations`)).body).toEqual({ invitations: [] });
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL(e2e.url('/home'));
  }, 180_000);
});
