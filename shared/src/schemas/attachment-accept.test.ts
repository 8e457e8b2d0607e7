import { describe, expect, it } from 'vitest';
import { ATTACHMENT_FILE_ACCEPT } from './attachment-accept';
import { ATTACHMENT_MESSAGES, attachmentFileAccept } from './attachment-files';
import { ATTACHMENT_INPUT_MESSAGES } from './attachment-limits';

describe('the picker and the input, apart from the file types', () => {
  it("offers exactly what the file types' tables accept", () => {
    expect(ATTACHMENT_FILE_ACCEPT).toBe(attachmentFileAccept());
    expect(ATTACHMENT_FILE_ACCEPT.split(',')).toEqual(expect.arrayContaining(['image/png', '.ts', '.pdf']));
  });

  it('says what ATTACHMENT_MESSAGES says', () => {
    expect(ATTACHMENT_MESSAGES.tooMany).toBe(ATTACHMENT_INPUT_MESSAGES.tooMany);
    expect(ATTACHMENT_MESSAGES.removeFailed).toBe(ATTACHMENT_INPUT_MESSAGES.removeFailed);
    expect(ATTACHMENT_INPUT_MESSAGES.tooMany).toBe('At most 5 files can be attached to one message.');
  });
});
