/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('artifacts');

const svg = (id: string, title: string, fill: string) =>
  `\`\`\`svg artifact id="${id}" title="${title}"\n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><circle cx="60" cy="60" r="50" fill="${fill}"/></svg>\n\`\`\``;

const FIRST_REPLY = [
  'Here are the logo and the flow.',
  svg('logo', 'Logo', '#4f46e5'),
  '```mermaid\ngraph TD\n  Start --> Finish\n```',
].join('\n\n');

/** What an artifact's script finds when it reaches for the app's storage, cookies, DOM and network. */
const PROBE = `<p id="probe">probing</p><script>
const attempt = (read) => { try { return 'read ' + read(); } catch (error) { return 'blocked ' + error.name; } };
const result = {
  storage: attempt(() => localStorage.length),
  parent: attempt(() => parent.document.title),
  cookie: attempt(() => document.cookie),
};
fetch('/config.json').then(() => 'read', (error) => 'blocked ' + error.name).then((network) => {
  document.getElementById('probe').textContent = JSON.stringify({ ...result, network });
});
</script>`;

const REVISED_REPLY = [
  'Revised, and a probe.',
  svg('logo', 'Logo, revised', 'rgb(220, 38, 38)'),
  `\`\`\`html artifact id="probe" title="Probe"\n${PROBE}\n\`\`\``,
].join('\n\n');

/** A message whose reply is `text` as it is (the model server's `[[reply:…]]`). */
async function ask(page: Page, words: string, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(`${words} [[reply:${JSON.stringify(text)}]]`);
  await box.press('Enter');
}

/** A small React component, as a model writes one (a hook, JSX, an event handler). */
const COUNTER = [
  "import { useState } from 'react';",
  '',
  'export default function Counter() {',
  '  const [count, setCount] = useState(0);',
  '  return <button type="button" onClick={() => setCount(count + 1)}>Clicked {count} times</button>;',
  '}',
].join('\n');

const frame = (page: Page) => page.frameLocator('iframe[title="Preview"]');

describe('artifacts on the local stack', () => {
  it('renders an SVG and a Mermaid diagram in the sandboxed frame, shows code and versions, and keeps the app out of reach', async () => {
    const { email } = await signUpWithModel(e2e, 'artifacts');
    const page = await e2e.openPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    // What the preview frame fetches: its page and the runtimes only.
    const frameRequests: string[] = [];
    page.on('request', (request) => {
      if (request.frame() !== page.mainFrame()) frameRequests.push(new URL(request.url()).pathname);
    });
    await loginAs(e2e, page, email);
    await page.getByRole('button', { name: /Local model/ }).waitFor();

    await ask(page, 'Draw a logo and a flow', FIRST_REPLY);
    const open = page.getByRole('button', { name: 'Open Logo' });
    await open.waitFor();
    // By keyboard.
    await open.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Logo' });
    await panel.waitFor();
    expect(await page.locator('iframe[title="Preview"]').getAttribute('sandbox')).toBe('allow-scripts');
    await frame(page).locator('svg circle').waitFor();
    expect(await frame(page).locator('svg circle').getAttribute('fill')).toBe('#4f46e5');
    await expectAccessible(page, 'the artifact panel');
    await e2e.screenshot(page, '1-svg');

    await panel.getByRole('button', { name: 'Code', exact: true }).click();
    await panel.getByRole('region', { name: 'svg code' }).getByText('<circle', { exact: false }).waitFor();
    expect(await page.locator('iframe[title="Preview"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Mermaid, drawn by its library inside the frame (loaded when the diagram is opened).
    expect(frameRequests.filter((path) => path.startsWith('/artifact-runtime/'))).toEqual([]);
    await page.getByRole('button', { name: 'Open Mermaid diagram' }).click();
    await page.getByRole('dialog', { name: 'Mermaid diagram' }).waitFor();
    await frame(page).locator('#root svg').waitFor({ timeout: 90_000 });
    await frame(page).getByText('Finish').waitFor();
    await e2e.screenshot(page, '2-mermaid');
    await page.keyboard.press('Escape');

    // A revision: the same id in a later reply.
    await ask(page, 'Make it red', REVISED_REPLY);
    await page.getByRole('button', { name: 'Open Logo, revised' }).click();
    const revised = page.getByRole('dialog', { name: 'Logo, revised' });
    await revised.getByText('Version 2 of 2').waitFor();
    await frame(page).locator('svg circle[fill="rgb(220, 38, 38)"]').waitFor();
    await revised.getByRole('button', { name: 'Previous version' }).click();
    await page.getByRole('dialog', { name: 'Logo' }).getByText('Version 1 of 2').waitFor();
    await frame(page).locator('svg circle[fill="#4f46e5"]').waitFor();
    await page.keyboard.press('Escape');

    // The frame reaches nothing of the app: its storage (the session), cookies, DOM or network.
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Open Probe' }).click();
    await expect
      .poll(async () => frame(page).locator('#probe').textContent(), { timeout: 30_000 })
      .toContain('network');
    expect(JSON.parse((await frame(page).locator('#probe').textContent()) ?? '')).toEqual({
      storage: 'blocked SecurityError',
      parent: 'blocked SecurityError',
      cookie: 'blocked SecurityError',
      network: 'blocked TypeError',
    });
    expect([...new Set(frameRequests)].sort()).toEqual([
      '/artifact-runtime/mermaid.js',
      '/workspace-preview.html',
    ]);
    // The probe's fetch is the one refusal: the libraries run under the frame's policy.
    expect(cspViolations.filter((text) => !text.includes('/config.json'))).toEqual([]);
    await page.keyboard.press('Escape');

    // On a phone the panel is a sheet over the whole width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open Logo, revised' }).click();
    const sheet = page.getByRole('dialog', { name: 'Logo, revised' });
    await frame(page).locator('svg circle').waitFor();
    const box = await sheet.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    expect(box?.x).toBeGreaterThanOrEqual(0);
    await expectAccessible(page, 'the artifact panel on a phone');
    await e2e.screenshot(page, '3-phone');
  });

  it("renders a React component in the frame, and 'Open in workspace' opens its code in the editor", async () => {
    const { email } = await signUpWithModel(e2e, 'artifacts-react');
    const page = await e2e.openPage();
    await loginAs(e2e, page, email);
    await page.getByRole('button', { name: /Local model/ }).waitFor();

    await ask(page, 'Make a counter', `A counter:\n\n\`\`\`jsx\n${COUNTER}\n\`\`\``);
    await page.getByRole('button', { name: 'Open Counter' }).click();
    const panel = page.getByRole('dialog', { name: 'Counter' });
    await panel.getByText('React component').waitFor();
    // Rendered by React (sucrase turned the JSX into a script) in the sandboxed frame, and live.
    const counter = frame(page).getByRole('button', { name: 'Clicked 0 times' });
    await counter.waitFor({ timeout: 90_000 });
    await counter.click();
    await frame(page).getByRole('button', { name: 'Clicked 1 times' }).waitFor();
    await expectAccessible(page, 'the React artifact');
    await e2e.screenshot(page, '4-react');

    await panel.getByRole('button', { name: 'Open in workspace' }).click();
    await page.waitForURL(/\/workspace$/);
    const editor = page.getByRole('textbox', { name: 'Code of artifacts/Counter.jsx' });
    await editor.waitFor();
    await expect.poll(() => editor.textContent()).toContain('export default function Counter()');
    await expectAccessible(page, 'the workspace with the artifact');
  });
});
