import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ATTACHMENT_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { documentAsTextFile } from './document-text';

const FIXTURES = join(import.meta.dirname, '../../../../../test/fixtures/documents');
const fixture = (name: string, type: string) =>
  new File([readFileSync(join(FIXTURES, name))], name, { type });

describe('a PDF or Word document attached as its text', () => {
  it('reads a PDF', async () => {
    const file = await documentAsTextFile(fixture('notes.pdf', 'application/pdf'), 'pdf');
    expect(file.name).toBe('notes.pdf.txt');
    expect(file.type).toBe('text/plain');
    expect(await file.text()).toContain('The PDF says: ultramarine pelican');
  });

  it('reads a DOCX', async () => {
    const docx = fixture(
      'notes.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const file = await documentAsTextFile(docx, 'docx');
    expect(file.name).toBe('notes.docx.txt');
    expect(await file.text()).toBe('The DOCX says: vermilion otter\n');
  });

  it('says so when the file is not the document it claims to be', async () => {
    const bogus = new File(['not a pdf at all'], 'bogus.pdf', { type: 'application/pdf' });
    await expect(documentAsTextFile(bogus, 'pdf')).rejects.toThrow(
      ATTACHMENT_MESSAGES.documentUnreadable('bogus.pdf'),
    );
    const zipless = new File(['not a zip'], 'bogus.docx');
    await expect(documentAsTextFile(zipless, 'docx')).rejects.toThrow(
      ATTACHMENT_MESSAGES.documentUnreadable('bogus.docx'),
    );
  });
});
