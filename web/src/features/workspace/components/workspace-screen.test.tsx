import { WORKSPACE_DEMO_FILE, WORKSPACE_MESSAGES, type WorkspaceFile } from '@agentforge/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHttp, fakeHttp, json } from '../../../testing/fake-http';
import { createTestQueryClient } from '../../../testing/query';
import { WorkspaceScreen } from './workspace-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});
// CodeMirror needs layout jsdom does not have: a textarea stands in for the lazy editor.
vi.mock('./code-editor', () => ({
  default: ({ path, value, onChange }: { path: string; value: string; onChange: (v: string) => void }) => (
    <textarea
      aria-label={`Code of ${path}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  ),
}));

let http: FakeHttp;
const FILES = /^\/workspace\/files$/;
const file = (path: string, content = ''): WorkspaceFile => ({ path, content, createdAt: 1, updatedAt: 1 });

beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  http.answer('GET', FILES, { files: [file(WORKSPACE_DEMO_FILE.path, WORKSPACE_DEMO_FILE.content)] });
  http.answer('PUT', FILES, (request: { body: unknown }) => {
    const body = request.body as { path: string; content: string };
    return json(file(body.path, body.content), 201);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = createTestQueryClient();
  render(
    <MemoryRouter initialEntries={['/workspace']}>
      <QueryClientProvider client={client}>
        <WorkspaceScreen />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const puts = () => http.requests.filter((request) => request.method === 'PUT');

describe('WorkspaceScreen', () => {
  it("opens the file an artifact's 'Open in workspace' names", async () => {
    http.answer('GET', FILES, { files: [file('a.js', 'a'), file('artifacts/Logo.svg', '<svg/>')] });
    render(
      <MemoryRouter initialEntries={[{ pathname: '/workspace', state: { openPath: 'artifacts/Logo.svg' } }]}>
        <QueryClientProvider client={createTestQueryClient()}>
          <WorkspaceScreen />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const editor = await screen.findByRole('textbox', { name: 'Code of artifacts/Logo.svg' });
    expect((editor as HTMLTextAreaElement).value).toBe('<svg/>');
  });

  it("lists the files under 'Files' and opens the first in the editor", async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Files' })).toBeTruthy();
    await screen.findByRole('button', { name: WORKSPACE_DEMO_FILE.path });
    const editor = await screen.findByRole('textbox', { name: `Code of ${WORKSPACE_DEMO_FILE.path}` });
    expect((editor as HTMLTextAreaElement).value).toBe(WORKSPACE_DEMO_FILE.content);
  });

  it('ignores a blank name, says why a bad one is refused, and makes a file on Enter', async () => {
    renderScreen();
    await screen.findByRole('button', { name: WORKSPACE_DEMO_FILE.path });
    const name = screen.getByPlaceholderText('Enter file name');
    await userEvent.type(name, '   {Enter}');
    expect(puts()).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.clear(name);
    await userEvent.type(name, '/abs.js{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(WORKSPACE_MESSAGES.pathAbsolute);
    await userEvent.clear(name);
    await userEvent.type(name, ' app.js {Enter}');
    await screen.findByRole('textbox', { name: 'Code of app.js' });
    expect(puts().map((request) => request.body)).toEqual([{ path: 'app.js', content: '' }]);
    expect((name as HTMLInputElement).value).toBe('');
  });

  it('selects a file on click, and saves edits after a pause', async () => {
    http.answer('GET', FILES, { files: [file('a.html', '<p>a</p>'), file('b.css', 'p {}')] });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'b.css' }));
    expect(screen.getByRole('button', { name: 'b.css' }).getAttribute('aria-current')).toBe('true');
    const editor = screen.getByRole('textbox', { name: 'Code of b.css' });
    await userEvent.type(editor, ' ');
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
    await waitFor(() =>
      expect(puts().map((request) => request.body)).toEqual([{ path: 'b.css', content: 'p {} ' }]),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
  });

  it('tells each file its own save outcome when saves overlap', async () => {
    http.answer('GET', FILES, { files: [file('a.html', 'a'), file('b.css', 'b')] });
    let releaseA: () => void = () => undefined;
    http.answer('PUT', FILES, async (request: { body: unknown }) => {
      const body = request.body as { path: string; content: string };
      if (body.path === 'a.html') await new Promise<void>((resolve) => (releaseA = resolve));
      return json(file(body.path, body.content));
    });
    renderScreen();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Code of a.html' }), '1');
    await waitFor(() => expect(puts()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'b.css' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Code of b.css' }), '2');
    await waitFor(() => expect(puts()).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    releaseA();
    await userEvent.click(screen.getByRole('button', { name: 'a.html' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect((screen.getByRole('textbox', { name: 'Code of a.html' }) as HTMLTextAreaElement).value).toBe('a1');
  });

  it("toggles 'Show Preview' / 'Show Editor', renders the files in the sandboxed preview page and lists its script errors", async () => {
    http.answer('GET', FILES, {
      files: [file('index.html', '<h1 onclick="go()">Hi</h1>'), file('app.js', 'x()')],
    });
    renderScreen();
    await screen.findByRole('button', { name: 'index.html' });
    await userEvent.click(screen.getByRole('button', { name: 'Show Preview' }));
    expect(screen.queryByTitle('Preview')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Render Preview' }));
    const frame = screen.getByTitle('Preview') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe('/workspace-preview.html');
    expect(frame.hasAttribute('srcdoc')).toBe(false);

    // The page, once ready, gets the document: the handlers and scripts as written.
    const target = frame.contentWindow as Window;
    const posted = vi.spyOn(target, 'postMessage');
    const fromFrame = (data: unknown, source: Window = target) =>
      act(() => window.dispatchEvent(new MessageEvent('message', { data, source })));
    fromFrame({ type: 'agentforge-preview-ready' });
    const [message] = posted.mock.calls[0] ?? [];
    expect(message).toMatchObject({ type: 'agentforge-preview' });
    const html = (message as { html: string }).html;
    expect(html).toContain('<h1 onclick="go()">Hi</h1>');
    expect(html).toContain('<script>\nx()\n</script>');

    // Its console errors show under it; another window's messages do not.
    fromFrame({ type: 'agentforge-preview-error', text: 'ReferenceError: go is not defined' });
    fromFrame({ type: 'agentforge-preview-error', text: 'forged' }, window);
    const errors = screen.getByRole('region', { name: 'Preview console errors' });
    expect(errors.textContent).toContain('ReferenceError: go is not defined');
    expect(errors.textContent).not.toContain('forged');
    await userEvent.click(screen.getByRole('button', { name: 'Show Editor' }));
    await screen.findByRole('textbox', { name: 'Code of app.js' });
  });
});
