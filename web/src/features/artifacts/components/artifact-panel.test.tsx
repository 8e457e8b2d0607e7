import type { WorkspaceFile } from '@agentforge/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHttp, fakeHttp, json } from '../../../testing/fake-http';
import { createTestQueryClient } from '../../../testing/query';
import MarkdownRenderer from '../../chat/components/markdown-renderer';
import { ArtifactHost } from './artifact-host';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const svg = (id: string, title: string, fill: string) =>
  `\`\`\`svg artifact id="${id}" title="${title}"\n<svg xmlns="http://www.w3.org/2000/svg"><circle r="5" fill="${fill}"/></svg>\n\`\`\``;
const FIRST = `Here it is:\n\n${svg('logo', 'Logo', 'red')}\n\n\`\`\`js\nconsole.log(1);\n\`\`\``;
const REVISED = `Revised:\n\n${svg('logo', 'Logo, blue', 'blue')}`;

let http: FakeHttp;
beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  http.answer('PUT', /^\/workspace\/files$/, (request: { body: unknown }) => {
    const body = request.body as { path: string; content: string };
    return json({ ...body, createdAt: 1, updatedAt: 1 } satisfies WorkspaceFile, 201);
  });
});
afterEach(() => vi.unstubAllGlobals());

function WorkspaceProbe() {
  const { state } = useLocation();
  return <p>Workspace opens {(state as { openPath?: string }).openPath}</p>;
}

function renderReplies(replies: string[], { host = true } = {}) {
  const messages = replies.map((content) => ({ role: 'assistant', content }));
  const list = replies.map((content) => <MarkdownRenderer key={content} content={content} />);
  render(
    <MemoryRouter initialEntries={['/home']}>
      <QueryClientProvider client={createTestQueryClient()}>
        <Routes>
          <Route
            path="/home"
            element={host ? <ArtifactHost messages={messages}>{list}</ArtifactHost> : list}
          />
          <Route path="/workspace" element={<WorkspaceProbe />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('artifacts in the chat', () => {
  it('shows an artifact as a card and other code as code; outside a chat both stay code', () => {
    renderReplies([FIRST]);
    expect(screen.getByRole('button', { name: 'Open Logo' })).toBeTruthy();
    expect(screen.getByText('SVG image')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'js code' })).toBeTruthy();
  });

  it('keeps a code block without a chat to open it in (a shared page, a plan step)', () => {
    renderReplies([FIRST], { host: false });
    expect(screen.queryByRole('button', { name: 'Open Logo' })).toBeNull();
    expect(screen.getByRole('region', { name: 'svg code' })).toBeTruthy();
  });

  it('opens by keyboard in the sandboxed preview frame; Code shows the source; Escape gives the focus back', async () => {
    const user = userEvent.setup();
    renderReplies([FIRST]);
    const open = screen.getByRole('button', { name: 'Open Logo' });
    open.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Logo' });
    const frame = within(panel).getByTitle('Preview');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe('/workspace-preview.html');
    // A single version: no version switcher.
    expect(within(panel).queryByText(/Version \d of/)).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Code' }));
    expect(within(panel).getByRole('button', { name: 'Code' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(panel).queryByTitle('Preview')).toBeNull();
    expect(within(panel).getByRole('region', { name: 'svg code' }).textContent).toContain('fill="red"');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it("shows a revision's versions, previous and next by keyboard", async () => {
    const user = userEvent.setup();
    renderReplies([FIRST, REVISED]);
    await user.click(screen.getByRole('button', { name: 'Open Logo, blue' }));
    const panel = await screen.findByRole('dialog', { name: 'Logo, blue' });
    expect(within(panel).getByText('Version 2 of 2')).toBeTruthy();
    const next = within(panel).getByRole('button', { name: 'Next version' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    within(panel).getByRole('button', { name: 'Previous version' }).focus();
    await user.keyboard('{Enter}');
    expect(within(panel).getByText('Version 1 of 2')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Logo' })).toBeTruthy();
    expect(
      (within(panel).getByRole('button', { name: 'Previous version' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // The first reply's card opens the first version.
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Open Logo' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Logo' })).getByText('Version 1 of 2'),
    ).toBeTruthy();
  });

  it('downloads with its name and type, and opens in the workspace as a file', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:artifact';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderReplies([FIRST]);
    await user.click(screen.getByRole('button', { name: 'Open Logo' }));
    const panel = await screen.findByRole('dialog', { name: 'Logo' });
    await user.click(within(panel).getByRole('button', { name: 'Download' }));
    expect(clicked).toEqual(['Logo.svg']);
    expect(blobs[0]?.type).toBe('image/svg+xml');
    expect(await blobs[0]?.text()).toContain('<circle r="5" fill="red"/>');
    click.mockRestore();

    await user.click(within(panel).getByRole('button', { name: 'Open in workspace' }));
    expect(await screen.findByText('Workspace opens artifacts/Logo.svg')).toBeTruthy();
    const put = http.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ path: 'artifacts/Logo.svg', content: expect.stringContaining('fill="red"') });
  });
});
