import type { Attachment } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { attachmentIdsOf, documentsOf, newUserMessage, serversOf } from './outgoing-message';

const file = (id: string): Attachment => ({
  id,
  fileName: `${id}.txt`,
  contentType: 'text/plain',
  size: 1,
  kind: 'text',
});

describe('the outgoing message', () => {
  it("is the user's, with a temporary id, and its files only when it has some", () => {
    const plain = newUserMessage('c1', 'Hello', []);
    expect(plain).toMatchObject({ conversationId: 'c1', role: 'user', content: 'Hello' });
    expect(plain).not.toHaveProperty('attachments');
    const other = newUserMessage('c1', 'Hello', []);
    expect(other.id).not.toBe(plain.id);
    const attachments = [file('a1')];
    expect(newUserMessage('c1', 'See', attachments).attachments).toEqual(attachments);
  });

  it("names the stream's servers, files and documents only when there are some", () => {
    expect(serversOf([])).toEqual({});
    expect(serversOf(['s1', 's2'])).toEqual({ mcpServerIds: 's1,s2' });
    expect(attachmentIdsOf(undefined)).toEqual({});
    expect(attachmentIdsOf([])).toEqual({});
    expect(attachmentIdsOf([file('a1'), file('a2')])).toEqual({ attachmentIds: 'a1,a2' });
    expect(documentsOf(undefined)).toEqual({});
    expect(documentsOf({ useDocuments: false })).toEqual({});
    expect(documentsOf({ useDocuments: true })).toEqual({ useDocuments: 'true' });
  });
});
