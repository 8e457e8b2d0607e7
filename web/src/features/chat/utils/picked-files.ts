import {
  ATTACHMENT_MESSAGES,
  type AttachmentKind,
  attachmentProblem,
  attachmentTypeOf,
  documentProblem,
  type TextDocumentFormat,
  textDocumentFormat,
} from '@agentforge/shared';

/** A file that can be attached; `document`: a PDF or Word document, attached as its text once read. */
export type PickedFile = { file: File; kind: AttachmentKind; document?: TextDocumentFormat };

/**
 * The files picked that can be attached, in their order and at most `room` of them, and why the
 * others cannot (type, size, count: each reason once). Loaded with the first file picked, with the
 * file types' tables, so /home's first paint goes without them.
 */
export function classifyPickedFiles(
  picked: readonly File[],
  room: number,
): { accepted: PickedFile[]; problems: string[] } {
  const problems: string[] = [];
  const accepted: PickedFile[] = [];
  for (const file of picked) {
    const described = { fileName: file.name, contentType: file.type, size: file.size };
    const document = textDocumentFormat(file.name);
    const problem = document ? documentProblem(described) : attachmentProblem(described);
    const type = attachmentTypeOf(described);
    const kind = document ? 'text' : type.ok ? type.type.kind : undefined;
    if (problem || !kind) problems.push(problem ?? ATTACHMENT_MESSAGES.unsupportedType(file.name));
    else if (accepted.length >= room) {
      if (!problems.includes(ATTACHMENT_MESSAGES.tooMany)) problems.push(ATTACHMENT_MESSAGES.tooMany);
    } else accepted.push(document ? { file, kind, document } : { file, kind });
  }
  return { accepted, problems };
}
