import { ATTACHMENT_MESSAGES, MAX_TEXT_FILE_BYTES, type TextDocumentFormat } from '@agentforge/shared';

/** The text of a PDF, page after page (PDF.js in unpdf's build that needs no worker; loaded only now). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText } = await import('unpdf');
  const { text } = await extractText(bytes, { mergePages: true });
  return text;
}

/** The text of a Word document, paragraph after paragraph (mammoth; loaded only now). */
async function docxText(bytes: ArrayBuffer): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  // The browser build reads `arrayBuffer`, Node's (tests) `buffer`: both take the bytes.
  const input = { arrayBuffer: bytes, buffer: bytes };
  const result = await mammoth.extractRawText(input);
  return result.value;
}

/**
 * A PDF or Word document as the text file that is attached in its place (`notes.pdf` ->
 * `notes.pdf.txt`): storage and the model get its text, never the document. Rejects with a
 * message for the user when it cannot be read, has no text, or has more than a text file may.
 */
export async function documentAsTextFile(file: File, format: TextDocumentFormat): Promise<File> {
  let text: string;
  try {
    const bytes = await file.arrayBuffer();
    text = format === 'pdf' ? await pdfText(new Uint8Array(bytes)) : await docxText(bytes);
  } catch {
    throw new Error(ATTACHMENT_MESSAGES.documentUnreadable(file.name));
  }
  text = text.trim();
  if (!text) throw new Error(ATTACHMENT_MESSAGES.documentWithoutText(file.name));
  const textFile = new File([`${text}\n`], `${file.name}.txt`, { type: 'text/plain' });
  if (textFile.size > MAX_TEXT_FILE_BYTES)
    throw new Error(ATTACHMENT_MESSAGES.documentTextTooLarge(file.name));
  return textFile;
}
