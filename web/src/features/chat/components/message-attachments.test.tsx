import type { Attachment } from '@agentforge/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryWrapper } from '../../../testing/query';
import { MessageAttachments } from './message-attachments';

const api = vi.hoisted(() => ({ fetchAttachment: vi.fn() }));
vi.mock('../api/attachments', () => api);

const image: Attachment = {
  id: 'A1',
  fileName: 'cat.png',
  contentType: 'image/png',
  size: 2048,
  kind: 'image',
};
const code: Attachment = {
  id: 'A2',
  fileName: 'main.ts',
  contentType: 'text/plain',
  size: 120,
  kind: 'text',
};

beforeEach(() => {
  api.fetchAttachment.mockReset().mockImplementation(async (_c: string, id: string) => new Blob([id]));
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:thumb'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('MessageAttachments', () => {
  it('shows an image as a thumbnail from a blob: URL and a text file as a download chip', async () => {
    render(<MessageAttachments conversationId="c1" attachments={[image, code]} />, {
      wrapper: queryWrapper(),
    });
    const thumbnail = await screen.findByRole('img', { name: 'cat.png' });
    expect(thumbnail.getAttribute('src')).toBe('blob:thumb');
    expect(api.fetchAttachment).toHaveBeenCalledWith('c1', 'A1');
    // A text file is fetched only when the user asks for it.
    expect(api.fetchAttachment).not.toHaveBeenCalledWith('c1', 'A2');
    const chip = screen.getByRole('button', { name: 'Download main.ts' });
    expect(chip.textContent).toContain('120 B');

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(chip);
    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(api.fetchAttachment).toHaveBeenCalledWith('c1', 'A2');
  });

  it('says so when an image cannot be loaded', async () => {
    api.fetchAttachment.mockRejectedValue(new Error('gone'));
    render(<MessageAttachments conversationId="c1" attachments={[image]} />, { wrapper: queryWrapper() });
    expect(await screen.findByText('Unavailable')).toBeDefined();
  });
});
