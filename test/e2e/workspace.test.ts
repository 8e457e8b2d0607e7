/// <reference lib="dom" />
import { CHAT_MESSAGES, WORKSPACE_DEMO_FILE } from '@agentforge/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, fromAccountMenu, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('workspace');

const files = (page: Page) => page.getByRole('navigation', { name: 'Files' });
const editorOf = (page: Page, path: string) => page.getByRole('textbox', { name: `Code of ${path}` });
const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const saved = (page: Page) => page.getByRole('status').getByText('Saved', { exact: true });

/** Makes a file from the 'Enter file name' box, by keyboard, and types its content into CodeMirror. */
async function createFile(page: Page, path: string, content: string) {
  const name = page.getByPlaceholder('Enter file name');
  await name.focus();
  await page.keyboard.type(path);
  await page.keyboard.press('Enter');
  await files(page).getByRole('button', { name: path, exact: true }).waitFor();
  await editorOf(page, path).click();
  // insertText: no key events, so the editor's auto-closing of tags and brackets stays out of it.
  await page.keyboard.insertText(content);
  await saved(page).waitFor();
}

/** What the preview's script finds when it reaches for the app's storage and document. */
const PROBE_SCRIPT = `
const attempt = (read) => { try { return 'read ' + read(); } catch (error) { return 'blocked ' + error.name; } };
const result = {
  storage: attempt(() => localStorage.length),
  parent: attempt(() => parent.document.title),
  cookie: attempt(() => document.cookie),
};
const line = document.createElement('p');
line.id = 'probe';
line.textContent = JSON.stringify(result);
document.body.append(line);
parent.postMessage({ probe: result }, '*');
`;

describe('the code workspace on the local stack', () => {
  it('creates and edits files, previews them in a sandbox, and sends a selection to the chat', async () => {
    const { email } = await signUpWithModel(e2e, 'workspace');
    const page = await e2e.openPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await loginAs(e2e, page, email);
    // A conversation to come back to, once the model is there.
    await page.getByRole('button', { name: /Local model/ }).waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('First message');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.getByRole('article', { name: 'Reply' }).getByText('Echo: First message').waitFor();
    await page.waitForURL(/\/home\/c\//);
    const conversationUrl = page.url();

    await fromAccountMenu(page, 'Code workspace');
    await page.waitForURL(e2e.url('/workspace'));
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    // A new user's workspace holds the demo file, open in the editor.
    await files(page).getByRole('button', { name: WORKSPACE_DEMO_FILE.path, exact: true }).waitFor();
    await editorOf(page, WORKSPACE_DEMO_FILE.path)
      .getByText('Hello from the workspace', { exact: false })
      .waitFor();
    await expectAccessible(page, 'the workspace');

    // A blank name is ignored.
    await page.getByPlaceholder('Enter file name').fill('   ');
    await page.getByPlaceholder('Enter file name').press('Enter');
    await expect.poll(() => files(page).getByRole('listitem').count()).toBe(1);
    // A path that climbs out is refused with its rule.
    await page.getByPlaceholder('Enter file name').fill('../up.js');
    await page.getByPlaceholder('Enter file name').press('Enter');
    await files(page).getByRole('alert').getByText("'..'", { exact: false }).waitFor();
    await page.getByPlaceholder('Enter file name').fill('');

    await createFile(
      page,
      'index.html',
      '<h2 id="hello">Hello preview</h2><script>document.body.append("Inline script ran")</script>' +
        '<button onclick="document.body.append(\'Handler ran\')">Run</button><script>missing()</script>',
    );
    await createFile(page, 'style.css', 'h2 { color: rgb(200, 0, 0); }');
    await createFile(page, 'probe.js', PROBE_SCRIPT);
    // Highlighting by file type: CodeMirror marks the tokens.
    await expect
      .poll(() => editorOf(page, 'probe.js').locator('span[class^="ͼ"]').count())
      .toBeGreaterThan(3);
    await e2e.screenshot(page, '1-editor');

    // Renamed into a folder.
    await files(page).getByRole('button', { name: 'Rename style.css' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename style.css' });
    await renameDialog.getByLabel('New name').fill('styles/main.css');
    await renameDialog.getByLabel('New name').press('Enter');
    await files(page).getByRole('button', { name: 'styles/main.css', exact: true }).waitFor();

    // Saved on the server: there after a reload.
    await page.reload();
    await files(page).getByRole('button', { name: 'index.html', exact: true }).click();
    await editorOf(page, 'index.html').getByText('Hello preview', { exact: false }).waitFor();

    // The app keeps its session in localStorage: the preview must not reach it.
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    await page.evaluate(() => {
      window.addEventListener('message', (event) => {
        (window as unknown as { probe?: unknown }).probe = (event.data as { probe?: unknown }).probe;
      });
    });
    await page.getByRole('button', { name: 'Show Preview' }).click();
    await page.getByRole('button', { name: 'Render Preview' }).click();
    const frame = page.frameLocator('iframe[title="Preview"]');
    await frame.getByRole('heading', { name: 'Hello preview' }).waitFor();
    expect(await frame.locator('#hello').evaluate((node) => getComputedStyle(node).color)).toBe(
      'rgb(200, 0, 0)',
    );
    await frame.locator('#probe').waitFor();
    // An HTML file's inline script and handler run as written (the preview page's own policy).
    await frame.getByText('Inline script ran').waitFor();
    await frame.getByRole('button', { name: 'Run' }).click();
    await frame.getByText('Handler ran').waitFor();
    // Its script errors show under it, not only in devtools.
    await page
      .getByRole('region', { name: 'Preview console errors' })
      .getByText(/missing is not defined/)
      .waitFor();
    expect(await page.locator('iframe[title="Preview"]').getAttribute('sandbox')).toBe('allow-scripts');
    const probe = await page.waitForFunction(() => (window as unknown as { probe?: unknown }).probe);
    expect(await probe.jsonValue()).toEqual({
      storage: 'blocked SecurityError',
      parent: 'blocked SecurityError',
      cookie: 'blocked SecurityError',
    });
    await e2e.screenshot(page, '2-preview');

    // Send the first line of the demo file to the conversation the workspace was opened from.
    await page.getByRole('button', { name: 'Show Editor' }).click();
    await files(page).getByRole('button', { name: WORKSPACE_DEMO_FILE.path, exact: true }).click();
    const demo = editorOf(page, WORKSPACE_DEMO_FILE.path);
    await demo.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Shift+End');
    // By keyboard: the editor does not trap Tab; Shift+Tab goes back to the toolbar.
    const sendButton = page.getByRole('button', { name: 'Send Code to Chat' });
    for (let presses = 0; presses < 5 && !(await focused(sendButton)); presses++) {
      await page.keyboard.press('Shift+Tab');
    }
    expect(await focused(sendButton)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send Code to Chat' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'The selection' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: /The current conversation/ }).isChecked()).toBe(true);
    await expectAccessible(page, 'the Send Code to Chat dialog');

    // The prompt is required.
    await dialog.getByRole('button', { name: 'Send to Chat' }).click();
    await dialog.getByRole('alert').getByText(CHAT_MESSAGES.codePromptRequired).waitFor();
    // Closing with a prompt typed asks first.
    await dialog.getByLabel('Prompt').fill('Explain this line');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: CHAT_MESSAGES.discardCodePrompt });
    await discard.waitFor();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'detached' });
    // Ctrl+Enter sends.
    await dialog.getByLabel('Prompt').press('Control+Enter');

    await page.waitForURL(conversationUrl);
    const sent = page.getByRole('article', { name: 'Your message' }).last();
    await sent.getByText('Explain this line').waitFor();
    // The code as a highlighted block captioned by its path, never the raw fence.
    await sent.getByRole('region', { name: `${WORKSPACE_DEMO_FILE.path} code` }).waitFor();
    expect(await sent.textContent()).not.toContain('```');
    await page
      .getByRole('article', { name: 'Reply' })
      .last()
      .getByText(/^Echo: Explain this line/)
      .waitFor();
    await e2e.screenshot(page, '3-sent');

    // A folder, to a new conversation.
    await fromAccountMenu(page, 'Code workspace');
    await files(page).getByRole('button', { name: 'styles/main.css', exact: true }).click();
    await page.getByRole('button', { name: 'Send Code to Chat' }).click();
    await dialog.getByRole('radio', { name: 'The folder styles/ (1 file)' }).check();
    await dialog.getByRole('radio', { name: 'A new conversation' }).check();
    await dialog.getByLabel('Prompt').fill('Review the folder');
    await dialog.getByRole('button', { name: 'Send to Chat' }).click();
    await page
      .getByRole('article', { name: 'Reply' })
      .last()
      .getByText(/^Echo: Review the folder/)
      .waitFor();
    await page.waitForURL((url) => /\/home\/c\//.test(url.pathname) && url.href !== conversationUrl);
    const folderMessage = page.getByRole('article', { name: 'Your message' }).last();
    await folderMessage.getByRole('region', { name: 'styles/ code' }).waitFor();
    await folderMessage.getByText('==> styles/main.css <==').waitFor();
    expect(await page.getByRole('article', { name: 'Your message' }).count()).toBe(1);
    expect(cspViolations.map((violation) => violation.slice(0, 200))).toEqual([]);
  }, 120_000);

  it('is readable in the dark theme too', async () => {
    const { email } = await signUpWithModel(e2e, 'workspace-dark');
    const page = await e2e.openPage({ colorScheme: 'dark' });
    await loginAs(e2e, page, email);
    await page.goto(e2e.url('/workspace'));
    await editorOf(page, WORKSPACE_DEMO_FILE.path)
      .getByText('Hello from the workspace', { exact: false })
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await expectAccessible(page, 'the workspace in the dark theme');
    await e2e.screenshot(page, '4-dark');
  });

  it('works on a phone', async () => {
    const { email } = await signUpWithModel(e2e, 'workspace-phone');
    const page = await e2e.openPage({ width: 390, height: 844 });
    await loginAs(e2e, page, email);
    await page.goto(e2e.url('/workspace'));
    await editorOf(page, WORKSPACE_DEMO_FILE.path)
      .getByText('Hello from the workspace', { exact: false })
      .waitFor();
    await expectAccessible(page, 'the workspace on a phone');
    await page.getByRole('button', { name: 'Show Preview' }).click();
    await page.getByRole('button', { name: 'Render Preview' }).click();
    await page
      .frameLocator('iframe[title="Preview"]')
      .getByRole('heading', { name: 'Hello from the workspace' })
      .waitFor();
    await e2e.screenshot(page, '5-phone');
  });
});
