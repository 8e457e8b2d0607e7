import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

// The model server answers a forced create_plan call with a scripted plan: MCP Server mode one
// `echo` step with the goal as its message; Multi Agent a researcher and a writer (the service adds
// the synthesis); Single and Generic Agent 'Understand: <goal>' then 'Answer: <goal>'. A step echoes.

const EVERYTHING = '@modelcontextprotocol/server-everything';
const QUESTION = 'Would you like to proceed with this step?';
/** Planning may start the MCP server first (again, if it stopped); a step may wait for it too. */
const SLOW = { timeout: 90_000 };
/** A journey may wait for the server more than once. */
const JOURNEY = { timeout: 180_000 };

const e2e = setUpE2e('agent');

const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const panel = (page: Page) => page.getByRole('region', { name: 'Current Plan' });
const steps = (page: Page) => panel(page).getByRole('list', { name: 'Steps' }).getByRole('listitem');
const replies = (page: Page) => page.getByRole('article', { name: 'Reply' });
const stepReply = (page: Page, heading: RegExp | string) =>
  replies(page).filter({ has: page.getByText(heading) });

async function send(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
}

/** A new chat (in Direct Chat, as every new chat starts) switched to `mode`; the chat's server stays attached. */
async function newChatIn(page: Page, mode: string) {
  const newChat = page.getByRole('button', { name: 'New Chat' });
  if (await newChat.isVisible()) await newChat.click();
  else {
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await newChat.click();
  }
  await page.waitForURL(e2e.url('/home'));
  // The URL changes before the new chat renders (a transition): a click meanwhile is the old chat's.
  await selected(page, 'Direct Chat');
  await page.getByRole('tab', { name: mode }).click();
  await selected(page, mode);
}

async function selected(page: Page, mode: string) {
  await expect.poll(() => page.getByRole('tab', { name: mode }).getAttribute('aria-selected')).toBe('true');
}

/** Waits for the question, then answers it with the button. */
async function proceed(page: Page) {
  await panel(page).getByText(QUESTION).waitFor(SLOW);
  await panel(page).getByRole('button', { name: 'Yes, proceed' }).click();
}

async function planCompleted(page: Page) {
  await panel(page).getByText('All steps completed.').waitFor(SLOW);
  await panel(page).getByRole('status').getByText('Idle').waitFor();
}

/** A signed-in page with the local model chosen; `server`: the Everything server made (not attached). */
async function agentPage(label: string, options: { width?: number; height?: number; server?: boolean } = {}) {
  const { server, ...viewport } = options;
  const user = await signUpWithModel(e2e, label);
  if (server) {
    const api = apiAs(e2e.stack.apiUrl, user.idToken);
    const created = await api.post('/mcp-servers', {
      name: 'Everything',
      packageName: EVERYTHING,
      idleTimeoutMinutes: 10,
      environmentVariables: [],
    });
    expect(created.status).toBe(201);
  }
  const page = await e2e.openPage({ ...viewport, persist: true });
  await loginAs(e2e, page, user.email);
  // The top bar's other menu is the server picker; on a phone the model picker names the model alone.
  await page.locator('main header button[aria-haspopup="menu"]:not([aria-label^="Chat server"])').click();
  await page.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
  await page.getByRole('button', { name: /llama3\.2:latest/ }).waitFor();
  return page;
}

async function attachEverything(page: Page) {
  await page.getByRole('button', { name: /^Chat server:/ }).click();
  await page
    .getByRole('menu')
    .getByRole('menuitemcheckbox', { name: /^Everything/ })
    .click();
  // The menu stays open for more picks.
  await page.keyboard.press('Escape');
  await expect
    .poll(() => page.getByRole('button', { name: /^Chat server:/ }).textContent())
    .toMatch(/Everything/);
}

async function expectInView(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  expect((box?.y ?? -1) >= 0 && (box?.y ?? 0) + (box?.height ?? 0) <= (viewport?.height ?? 0), what).toBe(
    true,
  );
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= (viewport?.width ?? 0), what).toBe(true);
}

// One user's agent sessions, on one page: each test starts where the one before left it.
describe('agent modes on the local stack', JOURNEY, () => {
  let page: Page;
  beforeAll(async () => {
    page = await agentPage('agent-modes', { width: 1366, height: 860 });
  });

  it("asks for an MCP server first: 'Please set up your MCP server first' and the configuration modal, which sets one up", async () => {
    await page.getByRole('tab', { name: 'MCP Server' }).click();
    await page.getByRole('switch', { name: 'Auto-run read-only steps' }).waitFor();
    await send(page, 'Say hi');
    await page.getByText('Please set up your MCP server first').waitFor();
    const dialog = page.getByRole('dialog', { name: 'New Server Configuration' });
    await dialog.getByLabel('Name', { exact: true }).fill('Everything');
    await dialog.getByLabel('Package name').fill(EVERYTHING);
    await dialog.getByRole('button', { name: 'Create server' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('button', { name: /^Chat server:/ }).textContent())
      .toMatch(/Everything/);
    // Nothing was sent: the goal is still in the input.
    expect(await input(page).inputValue()).toBe('Say hi');
    expect(await panel(page).count()).toBe(0);
  });

  it('MCP Server: plans the goal as an echo call, confirmed with the button; the call and its output stream in', async () => {
    await input(page).press('Enter');
    await panel(page).waitFor();
    await panel(page).getByText(QUESTION).waitFor(SLOW);
    await expect.poll(() => steps(page).count()).toBe(1);
    await steps(page).first().getByText('echo', { exact: true }).waitFor();
    await steps(page).first().getByText('"message": "Say hi"').waitFor();
    // The plan's summary is the planning's reply in the chat.
    await replies(page).first().getByText('Plan').first().waitFor();
    await expectAccessible(page, 'the plan panel asking for a confirmation');
    await e2e.screenshot(page, '1-mcp-plan');

    await panel(page).getByRole('button', { name: 'Yes, proceed' }).click();
    const reply = stepReply(page, /^Step 1 · /);
    const call = reply.locator('details').filter({ hasText: 'echo' });
    await call.getByText('Success').waitFor(SLOW);
    // The tool's result is the step's output: the message's text (the card's copy is folded away).
    await reply.locator('p', { hasText: /^Echo: Say hi$/ }).waitFor();
    await planCompleted(page);
    await steps(page).first().getByText('Completed').waitFor();
    await expectAccessible(page, 'a completed MCP Server plan');
    await e2e.screenshot(page, '2-mcp-done');
  });

  it("Single Agent: a typed 'yes' confirms the first step, the button the second; each step's answer streams in", async () => {
    await newChatIn(page, 'Single Agent');
    await send(page, 'Write a haiku');
    await panel(page).getByText(QUESTION).waitFor(SLOW);
    await steps(page).nth(0).getByText('Understand: Write a haiku').waitFor();
    await steps(page).nth(1).getByText('Answer: Write a haiku').waitFor();

    await send(page, 'yes');
    await stepReply(page, 'Step 1 · Understand: Write a haiku')
      .getByText('Echo:', { exact: false })
      .waitFor(SLOW);
    // The typed reply answered the plan and stays in the chat as the user's words (issue 29 item 10).
    expect(
      await page.getByRole('article', { name: 'Your message' }).filter({ hasText: /^yes$/ }).count(),
    ).toBe(1);
    await proceed(page);
    await stepReply(page, 'Step 2 · Answer: Write a haiku')
      .getByText('Echo:', { exact: false })
      .waitFor(SLOW);
    await planCompleted(page);
    await e2e.screenshot(page, '3-single-done');
  });

  it('Multi Agent: one yes runs the independent steps in parallel, then the synthesis', async () => {
    await newChatIn(page, 'Multi Agent');
    await send(page, 'Compare cats and dogs');
    await panel(page).getByText(QUESTION).waitFor(SLOW);
    await expect.poll(() => steps(page).count()).toBe(3);
    await steps(page).nth(0).getByText('researcher').waitFor();
    await steps(page).nth(1).getByText('writer').waitFor();
    await steps(page).nth(2).getByText('Synthesis').waitFor();
    await steps(page).nth(2).getByText('after step 1, 2').waitFor();
    await panel(page).getByText('Steps 1 and 2 run in parallel.').waitFor();
    await expectAccessible(page, 'a Multi Agent plan');
    await e2e.screenshot(page, '4-multi-plan');

    await panel(page).getByRole('button', { name: 'Yes, proceed' }).click();
    await stepReply(page, /^Step 1 · .*\(researcher\)$/)
      .getByText('Echo:', { exact: false })
      .waitFor(SLOW);
    await stepReply(page, /^Step 2 · .*\(writer\)$/)
      .getByText('Echo:', { exact: false })
      .waitFor(SLOW);
    await proceed(page);
    await stepReply(page, /^Step 3 · .*\(synthesizer\)$/)
      .getByText('Echo:', { exact: false })
      .waitFor(SLOW);
    await planCompleted(page);
    await e2e.screenshot(page, '5-multi-done');
  });

  it('Generic Agent: re-plans after a step; the panel shows what changed', async () => {
    await newChatIn(page, 'Generic Agent');
    // The re-plan after step 1 (scripted by the goal) replaces step 2.
    await send(
      page,
      'Plan a picnic [[replan:{"done":false,"remaining":[{"description":"Pack the basket"}]}]]',
    );
    await panel(page).getByText(QUESTION).waitFor(SLOW);
    await steps(page).nth(1).getByText('Answer: Plan a picnic').waitFor();
    await panel(page).getByRole('button', { name: 'Yes, proceed' }).click();
    await stepReply(page, /^Step 1 · /)
      .getByText('Echo:', { exact: false })
      .waitFor(SLOW);
    await panel(page).getByText(QUESTION).waitFor(SLOW);
    await steps(page).nth(1).getByText('Pack the basket').waitFor();
    await steps(page).nth(1).getByText('Revised').waitFor();
    await panel(page).getByText('After step 1:').waitFor();
    await panel(page).getByText('revised “Pack the basket”', { exact: false }).waitFor();
    await expectAccessible(page, 'a revised Generic Agent plan');
    await e2e.screenshot(page, '6-generic-revised');
    await panel(page).getByRole('button', { name: 'Yes, proceed' }).click();
    await stepReply(page, 'Step 2 · Pack the basket').getByText('Echo: Pack the basket').waitFor(SLOW);
    await planCompleted(page);
  });

  it("edits steps before confirming them: a tool call's arguments (checked by the API), an agent step's text", async () => {
    await newChatIn(page, 'MCP Server');
    await send(page, 'Greet me');
    await panel(page).getByText(QUESTION).waitFor(SLOW);
    await panel(page).getByRole('button', { name: 'Edit step 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit step 1' });
    const args = dialog.getByRole('textbox', { name: 'Arguments (JSON)' });
    await args.fill('{"message": 42}');
    await dialog.getByRole('button', { name: 'Save step' }).click();
    await dialog.getByRole('alert').waitFor();
    await expectAccessible(page, 'the edit-step dialog with the API’s refusal');
    await args.fill('{"message": "Bonjour"}');
    await dialog.getByRole('button', { name: 'Save step' }).click();
    await dialog.waitFor({ state: 'detached' });
    await steps(page).first().getByText('"message": "Bonjour"').waitFor();
    await proceed(page);
    await stepReply(page, /^Step 1 · /)
      .locator('p', { hasText: /^Echo: Bonjour$/ })
      .waitFor(SLOW);
    await planCompleted(page);

    await newChatIn(page, 'Single Agent');
    await send(page, 'Greet the server');
    await panel(page).getByText(QUESTION).waitFor(SLOW);
    await panel(page).getByRole('button', { name: 'Edit step 1' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit step 1' });
    await edit.getByRole('textbox', { name: 'Description' }).fill('Say hi [[tool:echo {"message":"hi"}]]');
    await edit.getByRole('button', { name: 'Save step' }).click();
    await edit.waitFor({ state: 'detached' });
    await proceed(page);
    const reply = stepReply(page, /^Step 1 · Say hi/);
    await reply.locator('details').filter({ hasText: 'echo' }).getByText('Success').waitFor(SLOW);
    await reply.getByText('Tool echo said: Echo: hi').waitFor(SLOW);
    await e2e.screenshot(page, '6b-edited-step');
    await panel(page).getByRole('button', { name: 'No, cancel' }).click();
    await panel(page).getByText('Plan cancelled.').waitFor();
  });

  it("cancels a plan with 'No, cancel'", async () => {
    await newChatIn(page, 'Single Agent');
    await send(page, 'Tell me a joke');
    await panel(page).getByText(QUESTION).waitFor(SLOW);
    await panel(page).getByRole('button', { name: 'No, cancel' }).click();
    await panel(page).getByText('Plan cancelled.').waitFor();
    expect(
      await replies(page)
        .filter({ has: page.getByText(/^Step \d · /) })
        .count(),
    ).toBe(0);
    await panel(page).getByRole('button', { name: 'Close the plan' }).click();
    await panel(page).waitFor({ state: 'detached' });
  });

  it('reloads mid-plan and goes on where it was, in its mode', async () => {
    await newChatIn(page, 'Single Agent');
    await send(page, 'Name a colour');
    await proceed(page);
    await stepReply(page, /^Step 1 · /)
      .getByText('Echo:', { exact: false })
      .waitFor(SLOW);
    await panel(page).getByText(QUESTION).waitFor(SLOW);

    await page.reload();
    await panel(page).getByText(QUESTION).waitFor();
    await selected(page, 'Single Agent');
    await steps(page).nth(0).getByText('Completed').waitFor();
    await stepReply(page, /^Step 1 · /).waitFor();
    await proceed(page);
    await stepReply(page, /^Step 2 · /)
      .getByText('Echo:', { exact: false })
      .waitFor(SLOW);
    await planCompleted(page);
  });
});

describe('agent modes on a phone', JOURNEY, () => {
  it('plans, asks and runs at 390×844, the question and its buttons in view', async () => {
    const page = await agentPage('agent-phone', { width: 390, height: 844, server: true });
    await attachEverything(page);
    await page.getByRole('tab', { name: 'MCP Server' }).click();
    await send(page, 'Hello phone');
    await panel(page).getByText(QUESTION).waitFor(SLOW);
    await expectInView(page, panel(page).getByRole('button', { name: 'Yes, proceed' }), 'Yes, proceed');
    await expectInView(page, panel(page).getByRole('button', { name: 'No, cancel' }), 'No, cancel');
    await expectInView(page, input(page), 'the message input');
    await expectAccessible(page, 'the plan panel on a phone');
    await e2e.screenshot(page, '7-phone-plan');

    await panel(page).getByRole('button', { name: 'Yes, proceed' }).click();
    await planCompleted(page);
    await stepReply(page, /^Step 1 · /)
      .locator('p', { hasText: /^Echo: Hello phone$/ })
      .waitFor();
    await expectInView(page, panel(page).getByRole('button', { name: 'Close the plan' }), 'Close the plan');
    await e2e.screenshot(page, '8-phone-done');
  });
});
