import { describe, expect, it } from 'vitest';
import { splitAttachmentIds } from './attachment';
import {
  ATTACHMENT_MESSAGES,
  attachmentKindOfStoredType,
  attachmentProblem,
  attachmentTypeOf,
  documentProblem,
  textDocumentFormat,
} from './attachment-files';
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES, MAX_TEXT_FILE_BYTES } from './attachment-limits';
import { providerAcceptsImages } from './attachment-providers';
import { createUploadBodySchema } from './attachment-routes';
import { messageSchema } from './message';
import { streamQuerySchema } from './stream';

describe('attachmentTypeOf', () => {
  it.each([
    ['photo.png', 'image/png', 'image', 'image/png'],
    ['photo.JPG', 'image/jpeg', 'image', 'image/jpeg'],
    ['anim.gif', 'image/gif', 'image', 'image/gif'],
    ['pic.webp', 'image/webp', 'image', 'image/webp'],
    ['notes.txt', 'text/plain', 'text', 'text/plain'],
    ['README.md', '', 'text', 'text/markdown'],
    ['data.csv', 'text/csv', 'text', 'text/csv'],
    ['data.json', 'application/json', 'text', 'application/json'],
    ['main.ts', 'video/mp2t', 'text', 'text/plain'],
    ['app.py', 'text/x-python', 'text', 'text/plain'],
    ['page.html', 'text/html', 'text', 'text/plain'],
    ['run.sh', 'application/x-sh', 'text', 'text/plain'],
    ['conf.yaml', 'application/octet-stream', 'text', 'text/plain'],
  ])('%s declared %s is %s stored as %s', (fileName, contentType, kind, stored) => {
    expect(attachmentTypeOf({ fileName, contentType })).toEqual({
      ok: true,
      type: expect.objectContaining({ kind, contentType: stored }),
    });
  });

  it.each([
    ['shot.png', 'image/jpeg', ATTACHMENT_MESSAGES.typeMismatch('shot.png')],
    ['evil.png', 'text/html', ATTACHMENT_MESSAGES.typeMismatch('evil.png')],
    ['icon.svg', 'image/svg+xml', ATTACHMENT_MESSAGES.unsupportedType('icon.svg')],
    ['doc.pdf', 'application/pdf', ATTACHMENT_MESSAGES.unsupportedType('doc.pdf')],
    ['tool.exe', 'application/octet-stream', ATTACHMENT_MESSAGES.unsupportedType('tool.exe')],
    ['noext', 'text/plain', ATTACHMENT_MESSAGES.unsupportedType('noext')],
    ['clip.ts', 'video/mp4', ATTACHMENT_MESSAGES.typeMismatch('clip.ts')],
    ['data.csv', 'application/zip', ATTACHMENT_MESSAGES.typeMismatch('data.csv')],
  ])('refuses %s declared %s', (fileName, contentType, message) => {
    expect(attachmentTypeOf({ fileName, contentType })).toEqual({ ok: false, message });
  });
});

describe('attachmentProblem', () => {
  it('allows images up to 5 MB and text up to 512 KB', () => {
    expect(attachmentProblem({ fileName: 'a.png', contentType: 'image/png', size: MAX_IMAGE_BYTES })).toBe(
      undefined,
    );
    expect(
      attachmentProblem({ fileName: 'a.png', contentType: 'image/png', size: MAX_IMAGE_BYTES + 1 }),
    ).toBe('a.png is too large: images may be at most 5 MB.');
    expect(
      attachmentProblem({ fileName: 'a.md', contentType: 'text/markdown', size: MAX_TEXT_FILE_BYTES }),
    ).toBe(undefined);
    expect(
      attachmentProblem({ fileName: 'a.md', contentType: 'text/markdown', size: MAX_TEXT_FILE_BYTES + 1 }),
    ).toBe('a.md is too large: text files may be at most 512 KB.');
    expect(attachmentProblem({ fileName: 'a.md', contentType: '', size: 0 })).toBe('a.md is empty.');
  });
});

describe('createUploadBodySchema', () => {
  it('takes a valid file and says why an invalid one is refused', () => {
    expect(
      createUploadBodySchema.parse({ fileName: ' a.png ', contentType: 'image/png', size: 10 }),
    ).toMatchObject({ fileName: 'a.png' });
    const refused = createUploadBodySchema.safeParse({
      fileName: 'a.exe',
      contentType: 'application/x-msdownload',
      size: 10,
    });
    expect(refused.error?.issues[0]?.message).toBe(ATTACHMENT_MESSAGES.unsupportedType('a.exe'));
    expect(
      createUploadBodySchema.safeParse({ fileName: '../a.txt', contentType: 'text/plain', size: 1 }).success,
    ).toBe(false);
    expect(
      createUploadBodySchema.safeParse({ fileName: 'a\nb.txt', contentType: 'text/plain', size: 1 }).success,
    ).toBe(false);
  });
});

describe('stream attachmentIds', () => {
  const base = { conversationId: 'c1', provider: 'anthropic', model: 'm' };

  it('takes up to five distinct ids', () => {
    const query = streamQuerySchema.parse({ ...base, attachmentIds: 'A1, B2,C3' });
    expect(splitAttachmentIds(query.attachmentIds)).toEqual(['A1', 'B2', 'C3']);
  });

  it.each([
    ['a,b,c,d,e,f', ATTACHMENT_MESSAGES.tooMany],
    ['a,a', 'An attachment is listed twice'],
    ['a/../b', 'Invalid attachment id'],
  ])('refuses %s', (attachmentIds, message) => {
    const result = streamQuerySchema.safeParse({ ...base, attachmentIds });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('messages and providers', () => {
  it('a message may carry attachments', () => {
    const attachment = { id: 'A1', fileName: 'a.png', contentType: 'image/png', size: 3, kind: 'image' };
    const message = messageSchema.parse({
      id: 'm',
      conversationId: 'c',
      role: 'user',
      content: 'hi',
      timestamp: 1,
      attachments: [attachment],
    });
    expect(message.attachments).toEqual([attachment]);
  });

  it('knows the stored kinds and which providers take images', () => {
    expect(attachmentKindOfStoredType('image/webp')).toBe('image');
    expect(attachmentKindOfStoredType('text/plain; charset=utf-8')).toBe('text');
    expect(attachmentKindOfStoredType('text/html')).toBe(undefined);
    expect(['anthropic', 'openai', 'google', 'bedrock'].every(providerAcceptsImages)).toBe(true);
    expect(providerAcceptsImages('mistral')).toBe(false);
    expect(providerAcceptsImages('custom:01ABC')).toBe(false);
    expect(providerAcceptsImages('team:01TEAM:anthropic')).toBe(true);
    expect(providerAcceptsImages('team:01TEAM:mistral')).toBe(false);
    expect(providerAcceptsImages('team:01TEAM:custom:01ABC')).toBe(false);
  });
});

describe('PDF and Word documents (read as text in the browser)', () => {
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

  it('are known by extension, checked by declared type and size; storage still takes only their text', () => {
    expect(textDocumentFormat('Report.PDF')).toBe('pdf');
    expect(textDocumentFormat('notes.docx')).toBe('docx');
    expect(textDocumentFormat('old.doc')).toBe(undefined);
    expect(documentProblem({ fileName: 'a.pdf', contentType: 'application/pdf', size: 10 })).toBe(undefined);
    expect(documentProblem({ fileName: 'a.docx', contentType: DOCX, size: 10 })).toBe(undefined);
    expect(documentProblem({ fileName: 'a.pdf', contentType: '', size: 10 })).toBe(undefined);
    expect(documentProblem({ fileName: 'a.pdf', contentType: 'image/png', size: 10 })).toBe(
      ATTACHMENT_MESSAGES.typeMismatch('a.pdf'),
    );
    expect(documentProblem({ fileName: 'a.pdf', contentType: 'application/pdf', size: 0 })).toBe(
      ATTACHMENT_MESSAGES.empty('a.pdf'),
    );
    expect(
      documentProblem({ fileName: 'a.pdf', contentType: 'application/pdf', size: MAX_DOCUMENT_BYTES + 1 }),
    ).toBe(ATTACHMENT_MESSAGES.documentTooLarge('a.pdf'));
    expect(attachmentTypeOf({ fileName: 'a.pdf', contentType: 'application/pdf' }).ok).toBe(false);
    expect(attachmentTypeOf({ fileName: 'a.pdf.txt', contentType: 'text/plain' }).ok).toBe(true);
  });
});
