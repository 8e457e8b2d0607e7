import { ATTACHMENT_MESSAGES, KNOWLEDGE_MESSAGES, type KnowledgeFile } from '@agentforge/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe';
import { installFakeHttp, json, type SeenRequest } from '../../../testing/fake-http';
import { collectionOf, fileOf, passageOf } from '../../../testing/knowledge-fixture';
import { queryWrapper } from '../../../testing/query';
import { CollectionScreen } from './collection-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

/** The browser's PUT to storage: the test reports its progress and ends it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  finish(status = 200) {
    this.status = status;
    this.onload?.();
  }
}

const http = installFakeHttp();
let files: KnowledgeFile[];
beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  files = [
    fileOf('k1', 'f1', { fileName: 'handbook.pdf', size: 1_468_006, pages: 12, chunkCount: 30 }),
    fileOf('k1', 'f2', { fileName: 'scan.pdf', status: 'failed', reason: KNOWLEDGE_MESSAGES.emptyText }),
  ];
  http.answer('GET', /^\/knowledge\/collections\/k1$/, () =>
    json(collectionOf('k1', { name: 'Handbook', fileCount: files.length, totalBytes: 1_470_054 })),
  );
  http.answer('GET', /^\/knowledge\/collections\/k1\/files$/, () => json({ files }));
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  return render(
    <MemoryRouter>
      <CollectionScreen id="k1" />
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
}

const fileRow = (name: string) =>
  within(
    within(screen.getByRole('list', { name: 'Files' }))
      .getByText(name)
      .closest('li') as HTMLElement,
  );

describe('/knowledge/:id', { timeout: 30_000 }, () => {
  it("lists the files with their status, details and failure reason; axe clean; a team's User sees no upload or delete", async () => {
    const { container, unmount } = renderScreen();
    await screen.findByRole('heading', { name: 'Handbook' });
    await screen.findByText('handbook.pdf');
    expect(fileRow('handbook.pdf').getByText('Ready')).toBeTruthy();
    expect(fileRow('handbook.pdf').getByText('1.4 MB · 12 pages · 30 passages')).toBeTruthy();
    expect(fileRow('scan.pdf').getByText('Failed')).toBeTruthy();
    expect(fileRow('scan.pdf').getByText(KNOWLEDGE_MESSAGES.emptyText)).toBeTruthy();
    expect(screen.getByText(KNOWLEDGE_MESSAGES.keywordOnly)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    unmount();

    http.answer('GET', /^\/knowledge\/collections\/k1$/, () =>
      json(collectionOf('k1', { name: 'Team handbook', teamId: 't1', editable: false })),
    );
    renderScreen();
    await screen.findByRole('heading', { name: 'Team handbook' });
    await screen.findByText('handbook.pdf');
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete handbook.pdf' })).toBeNull();
    expect(screen.getByText("Read-only: the team's Admins change it and its files.")).toBeTruthy();
  });

  it('shows the progress while a file is indexed, reading the files again until none is queued or indexing', async () => {
    files = [fileOf('k1', 'f3', { fileName: 'notes.md', status: 'indexing', progress: 0.4 })];
    renderScreen();
    const bar = await screen.findByRole('progressbar', { name: 'Indexing notes.md' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(fileRow('notes.md').getByText('Indexing')).toBeTruthy();
    files = [fileOf('k1', 'f3', { fileName: 'notes.md', status: 'ready', chunkCount: 4 })];
    await waitFor(() => expect(fileRow('notes.md').getByText('Ready')).toBeTruthy(), { timeout: 6_000 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    const reads = http.seen('GET', /\/files$/).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(http.seen('GET', /\/files$/).length).toBe(reads);
  });

  it('uploads several files at once (by the button or dropped), refusing a wrong type or size with the contract’s words', async () => {
    const user = userEvent.setup();
    http.answer('POST', /^\/knowledge\/collections\/k1\/files$/, (request: SeenRequest) => {
      const input = request.body as { fileName: string; contentType: string; size: number };
      const file = fileOf('k1', `new-${input.fileName}`, {
        ...input,
        status: 'uploading',
        updatedAt: Date.now(),
      });
      files = [...files, file];
      return json(
        {
          file,
          uploadUrl: `https://storage.test/${input.fileName}`,
          headers: { 'Content-Type': input.contentType },
          expiresAt: Date.now() + 300_000,
        },
        201,
      );
    });
    renderScreen();
    await screen.findByText('handbook.pdf');
    const big = new File(['x'], 'huge.md');
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    await user.upload(screen.getByTestId('knowledge-file-input'), [
      new File(['# Leave\n25 days'], 'leave.md', { type: 'text/markdown' }),
      new File(['a,b'], 'table.CSV'),
      big,
    ]);
    const uploads = within(screen.getByRole('list', { name: 'Uploads' }));
    expect(uploads.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      KNOWLEDGE_MESSAGES.fileTooLarge,
    ]);
    await waitFor(() => expect(FakeXhr.sent.map((xhr) => xhr.url)).toHaveLength(2));
    expect(http.seen('POST', /\/files$/).map((request) => request.body)).toEqual([
      { fileName: 'leave.md', contentType: 'text/markdown', size: 15 },
      { fileName: 'table.CSV', contentType: 'text/csv', size: 3 },
    ]);
    const [leave, table] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect([leave.method, leave.url, leave.headers]).toEqual([
      'PUT',
      'https://storage.test/leave.md',
      { 'Content-Type': 'text/markdown' },
    ]);
    leave.progress(6, 10);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading leave.md' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('60'));
    expect(uploads.getByText('60%')).toBeTruthy();
    leave.finish();
    table.finish(403);
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading leave.md' })).toBeNull());
    expect(await uploads.findByText(ATTACHMENT_MESSAGES.uploadFailed('table.CSV'))).toBeTruthy();
    await user.click(uploads.getByRole('button', { name: 'Dismiss huge.md' }));
    expect(uploads.queryByText('huge.md')).toBeNull();

    // Dropped on the zone, the same way (where the picker's filter does not apply).
    const zone = screen.getByRole('region', { name: 'Upload files' });
    const dropped = [new File(['MZ'], 'setup.exe'), new File(['print(1)'], 'script.py')];
    const dataTransfer = { types: ['Files'], files: dropped, dropEffect: 'none' };
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    expect(uploads.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      ATTACHMENT_MESSAGES.uploadFailed('table.CSV'),
      KNOWLEDGE_MESSAGES.fileType,
    ]);
    expect(uploads.getByText('setup.exe')).toBeTruthy();
    expect(http.seen('POST', /\/files$/).at(-1)?.body).toEqual({
      fileName: 'script.py',
      contentType: 'text/plain',
      size: 8,
    });
  });

  it('deletes a file after a confirmation, and searches the collection showing file, location and text', async () => {
    const user = userEvent.setup();
    http.answer('DELETE', /^\/knowledge\/collections\/k1\/files\/f2$/, () => {
      files = files.filter((file) => file.id !== 'f2');
      return new Response(null, { status: 204 });
    });
    http.answer('POST', /^\/knowledge\/search$/, {
      mode: 'keyword',
      passages: [
        passageOf('k1', 'f1', 4, {
          fileName: 'handbook.pdf',
          location: { page: 3 },
          text: 'Leave is <b>25</b> days',
        }),
      ],
    });
    renderScreen();
    await screen.findByText('scan.pdf');
    await user.click(screen.getByRole('button', { name: 'Delete scan.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this file?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('scan.pdf')).toBeNull());

    const box = screen.getByRole('searchbox', { name: 'Search this collection' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText(KNOWLEDGE_MESSAGES.queryRequired)).toBeTruthy();
    expect(http.seen('POST', /^\/knowledge\/search$/)).toEqual([]);
    await user.type(box, 'how much leave{Enter}');
    const found = await screen.findByRole('list', { name: 'Passages found' });
    expect(http.seen('POST', /^\/knowledge\/search$/).map((request) => request.body)).toEqual([
      { query: 'how much leave', collectionIds: ['k1'], limit: 10 },
    ]);
    expect(screen.getByRole('status').textContent).toBe('1 passage found (by keywords).');
    expect(within(found).getByText('Leave is <b>25</b> days')).toBeTruthy();
    expect(within(found).getByText('· Page 3', { exact: false })).toBeTruthy();
  });
});
