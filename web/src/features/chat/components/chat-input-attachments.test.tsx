import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ATTACHMENT_MESSAGES, type Attachment } from '@agentforge/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutgoingAttachments } from '../hooks/use-attachment-uploads';
import { ChatInput } from './chat-input';

const api = vi.hoisted(() => ({
  createUpload: vi.fn(),
  putFile: vi.fn(),
}));
vi.mock('../api/attachments', () => api);

/** Resolvers of the PUTs in flight, by file name, with their progress callbacks. */
let puts: Map<string, { resolve: () => void; reject: (error: Error) => void; progress: (f: number) => void }>;

beforeEach(() => {
  puts = new Map();
  let id = 0;
  api.createUpload.mockReset().mockImplementation(async (conversationId: string, file: File) => ({
    attachmentId: `${conversationId}-A${++id}`,
    uploadUrl: `https://storage.test/${id}`,
    headers: { 'Content-Type': file.type || 'text/plain', 'x-amz-meta-filename': file.name },
    expiresAt: Date.now() + 300_000,
  }));
  api.putFile
    .mockReset()
    .mockImplementation(
      (_upload: unknown, file: File, options: { onProgress?: (f: number) => void }) =>
        new Promise<void>((resolve, reject) =>
          puts.set(file.name, { resolve, reject, progress: (f) => options.onProgress?.(f) }),
        ),
    );
});

const FIXTURES = join(import.meta.dirname, '../../../../../test/fixtures/documents');
const png = (name = 'cat.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const text = (name = 'notes.md') => new File(['# hi'], name, { type: 'text/markdown' });

function renderInput(
  attachments: {
    conversationId: string | null;
    acceptsImages: boolean;
    onSwitchModel?: () => void;
  } | null = {
    conversationId: 'c1',
    acceptsImages: true,
  },
) {
  const sent: { text: string; attachments?: OutgoingAttachments }[] = [];
  const onSend = vi.fn(async (value: string, outgoing?: OutgoingAttachments) => {
    sent.push({ text: value, ...(outgoing ? { attachments: outgoing } : {}) });
    return true;
  });
  const view = render(
    <ChatInput
      onSend={onSend}
      blocked={false}
      streaming={false}
      onStop={vi.fn()}
      notice={null}
      onEdit={vi.fn()}
      {...(attachments ? { attachments } : {})}
    />,
  );
  const input = () => view.container.querySelector('input[type="file"]') as HTMLInputElement;
  return { onSend, sent, input, textbox: screen.getByRole('textbox', { name: 'Message' }) };
}

const chips = () => within(screen.getByRole('list', { name: 'Attached files' })).getAllByRole('listitem');
/** The chips' code loads with the first file picked: waits for their list. */
const picked = () => screen.findByRole('list', { name: 'Attached files' });

describe('ChatInput attachments', () => {
  it('offers no attachments without the prop', () => {
    renderInput(null);
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
  });

  it('opens the file picker from a keyboard-reachable paperclip button', async () => {
    const { input } = renderInput();
    const click = vi.spyOn(input(), 'click');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Attach files' }));
    await userEvent.keyboard('{Enter}');
    expect(click).toHaveBeenCalledOnce();
    expect(input().accept).toContain('image/png');
    expect(input().accept).toContain('.ts');
  });

  it('uploads picked files at once, with progress, and sends them with the text', async () => {
    const { input, textbox, sent } = renderInput();
    await userEvent.upload(input(), [png(), text()]);
    await picked();
    expect(chips().map((chip) => chip.textContent)).toEqual([
      expect.stringContaining('cat.png'),
      expect.stringContaining('notes.md'),
    ]);
    await waitFor(() => expect(puts.size).toBe(2));
    expect(api.createUpload).toHaveBeenCalledWith('c1', expect.any(File), expect.any(AbortSignal));
    act(() => puts.get('cat.png')?.progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading cat.png' })).toHaveProperty('value', 40);
    await act(async () => {
      puts.get('cat.png')?.resolve();
      puts.get('notes.md')?.resolve();
    });
    expect(chips()[0]?.textContent).toContain('Uploaded');

    await userEvent.type(textbox, 'Look{Enter}');
    expect(sent[0]?.text).toBe('Look');
    const attachments = await sent[0]?.attachments?.upload('c1');
    expect(attachments).toEqual<Attachment[]>([
      { id: 'c1-A1', fileName: 'cat.png', contentType: 'image/png', size: 10, kind: 'image' },
      { id: 'c1-A2', fileName: 'notes.md', contentType: 'text/markdown', size: 4, kind: 'text' },
    ]);
    // Nothing was uploaded twice; the input is empty again.
    expect(api.createUpload).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
  });

  it('sends without a second argument when nothing is attached', async () => {
    const { onSend, textbox } = renderInput();
    await userEvent.type(textbox, 'Hi{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hi');
  });

  it('refuses files of another type, too large, or past five, saying why', async () => {
    const { input } = renderInput();
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' });
    await userEvent.upload(input(), [exe, png('huge.png', 6 * 1024 * 1024)], { applyAccept: false });
    // The checks load with the first file picked.
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${ATTACHMENT_MESSAGES.unsupportedType('tool.exe')} ${ATTACHMENT_MESSAGES.imageTooLarge('huge.png')}`,
    );
    await userEvent.upload(
      input(),
      ['1', '2', '3', '4', '5', '6'].map((n) => text(`${n}.txt`)),
    );
    await picked();
    expect(chips()).toHaveLength(5);
    expect(screen.getByRole('alert').textContent).toBe(ATTACHMENT_MESSAGES.tooMany);
  });

  it('removes a file with its button (and stops its upload)', async () => {
    const { input } = renderInput();
    await userEvent.upload(input(), [png(), text()]);
    await picked();
    await waitFor(() => expect(puts.size).toBe(2));
    const signal = api.putFile.mock.calls[0]?.[2].signal as AbortSignal;
    await userEvent.click(screen.getByRole('button', { name: 'Remove cat.png' }));
    expect(chips()).toHaveLength(1);
    expect(signal.aborted).toBe(true);
  });

  it('shows a failed upload, refuses to send until it is retried or removed, and retries', async () => {
    const { input, textbox, onSend } = renderInput();
    await userEvent.upload(input(), [text()]);
    await picked();
    await waitFor(() => expect(puts.size).toBe(1));
    await act(async () =>
      puts.get('notes.md')?.reject(new Error(ATTACHMENT_MESSAGES.uploadFailed('notes.md'))),
    );
    expect(within(chips()[0] as HTMLElement).getByRole('alert').textContent).toBe(
      ATTACHMENT_MESSAGES.uploadFailed('notes.md'),
    );
    await userEvent.type(textbox, 'Hi{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByText(ATTACHMENT_MESSAGES.removeFailed)).toBeDefined();

    puts.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Retry notes.md' }));
    await waitFor(() => expect(puts.size).toBe(1));
    await act(async () => puts.get('notes.md')?.resolve());
    expect(chips()[0]?.textContent).toContain('Uploaded');
  });

  it('in a new chat, uploads when the message is sent, to the conversation made for it', async () => {
    const { input, textbox, sent } = renderInput({ conversationId: null, acceptsImages: true });
    await userEvent.upload(input(), [text()]);
    await picked();
    expect(api.createUpload).not.toHaveBeenCalled();
    await userEvent.type(textbox, 'Hello{Enter}');
    const uploading = sent[0]?.attachments?.upload('new-conversation');
    await waitFor(() => expect(puts.size).toBe(1));
    await act(async () => puts.get('notes.md')?.resolve());
    expect(await uploading).toEqual([expect.objectContaining({ id: 'new-conversation-A1', kind: 'text' })]);
  });

  it('says at once when the model cannot read an attached image, and sends the text files without it', async () => {
    const onSwitchModel = vi.fn();
    const { input, textbox, sent } = renderInput({
      conversationId: 'c1',
      acceptsImages: false,
      onSwitchModel,
    });
    await userEvent.upload(input(), [png(), text()]);
    // Said at the attachment, before any send.
    await picked();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(`cat.png: ${ATTACHMENT_MESSAGES.imageHeldBack}`);
    expect(chips()[0]?.textContent).toContain('Not sent to this model');
    await userEvent.click(within(notice).getByRole('button', { name: 'Switch model' }));
    expect(onSwitchModel).toHaveBeenCalledOnce();

    await userEvent.type(textbox, 'What is it?{Enter}');
    expect(sent[0]?.text).toBe('What is it?');
    expect(sent[0]?.attachments?.count).toBe(1);
    await act(async () => puts.get('notes.md')?.resolve());
    expect(await sent[0]?.attachments?.upload('c1')).toEqual([
      expect.objectContaining({ fileName: 'notes.md' }),
    ]);
    // The image stays for a model that reads images; 'Send without it' drops it.
    expect(chips().map((chip) => chip.textContent)).toEqual([expect.stringContaining('cat.png')]);
    await userEvent.click(screen.getByRole('button', { name: 'Send without it' }));
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('reads a PDF or Word document in the browser and attaches its text', async () => {
    const { input, textbox, sent } = renderInput({ conversationId: null, acceptsImages: true });
    const docx = new File([readFileSync(join(FIXTURES, 'notes.docx'))], 'report.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await userEvent.upload(input(), [docx]);
    await picked();
    expect(input().accept).toContain('.pdf');
    expect(chips()[0]?.textContent).toContain('report.docx');
    await waitFor(() => expect(chips()[0]?.textContent).toContain('report.docx.txt'));
    await userEvent.type(textbox, 'Summarize{Enter}');
    const uploading = sent[0]?.attachments?.upload('new-conversation');
    await waitFor(() => expect(puts.size).toBe(1));
    const uploaded = api.putFile.mock.calls[0]?.[1] as File;
    expect(await uploaded.text()).toBe('The DOCX says: vermilion otter\n');
    await act(async () => puts.get('report.docx.txt')?.resolve());
    expect(await uploading).toEqual([
      expect.objectContaining({ fileName: 'report.docx.txt', contentType: 'text/plain', kind: 'text' }),
    ]);
  });

  it('says why a document cannot be read, and sends nothing until it is removed', async () => {
    const { input, textbox, onSend } = renderInput();
    await userEvent.upload(input(), [new File(['not a PDF'], 'scan.pdf', { type: 'application/pdf' })]);
    await picked();
    const failed = await within(chips()[0] as HTMLElement).findByRole('alert');
    expect(failed.textContent).toBe(ATTACHMENT_MESSAGES.documentUnreadable('scan.pdf'));
    expect(api.createUpload).not.toHaveBeenCalled();
    await userEvent.type(textbox, 'Hi{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });
});
