import {
  ATTACHMENT_MESSAGES,
  type Attachment,
  fileExtension,
  providerAcceptsImages,
  type StreamQuery,
  splitAttachmentIds,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { MessageRecord } from '../conversations/message.js';
import { ValidationError } from '../errors.js';
import type { ModelUserPart } from '../models/model-provider.js';

/** What the chat needs of the attachments (the attachment service). */
export interface AttachmentReader {
  /** The uploaded files of the caller's conversation, described from storage; 400 if one is missing. */
  resolve(caller: Caller, conversationId: string, ids: readonly string[]): Promise<Attachment[]>;
  read(
    userId: string,
    conversationId: string,
    attachment: Pick<Attachment, 'id' | 'kind'>,
  ): Promise<Uint8Array | undefined>;
}

/**
 * The stream's attachments, checked: each must be an uploaded file under the caller's
 * conversation. Recorded by the chat on the message the reply answers.
 */
export async function triggerAttachments(
  reader: AttachmentReader | undefined,
  caller: Caller,
  query: StreamQuery,
  conversationId: string,
): Promise<Attachment[]> {
  const ids = splitAttachmentIds(query.attachmentIds);
  if (ids.length === 0) return [];
  if (!reader) throw new ValidationError('Attachments are not available here');
  return reader.resolve(caller, conversationId, ids);
}

/** Images go with the last user turn only; a provider that cannot take them is told before anything streams. */
export function assertImagesAccepted(history: MessageRecord[], provider: string): void {
  const lastUser = history.findLast((message) => message.role === 'user');
  if (lastUser?.attachments?.some((a) => a.kind === 'image') && !providerAcceptsImages(provider)) {
    throw new ValidationError(ATTACHMENT_MESSAGES.modelRefusesImages);
  }
}

/** A fence longer than any run of backticks in the text, so the file cannot close it early. */
function fence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map(([run]) => run.length));
  return '`'.repeat(Math.max(3, longest + 1));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A text file as the model reads it: its name, then its content in a fenced block. */
export function textFileBlock(fileName: string, bytes: Uint8Array | undefined): string {
  if (!bytes) return `[Attached file ${fileName}: no longer available]`;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return `[Attached file ${fileName}: not readable as UTF-8 text]`;
  }
  if (text.includes('\u0000')) return `[Attached file ${fileName}: not readable as text]`;
  const marks = fence(text);
  const language = fileExtension(fileName).replace(/[^\w+-]/g, '');
  return `Attached file ${fileName}:\n${marks}${language}\n${text}${text.endsWith('\n') ? '' : '\n'}${marks}`;
}

/**
 * A user turn with its attachments: text files inlined before the user's text (re-read on every
 * turn, so the model keeps the context), images as image parts on the last user turn only (an
 * earlier image is named, not sent again: it would cost its tokens on every turn).
 */
export async function userTurnContent(
  reader: AttachmentReader,
  message: MessageRecord,
  isLastUserTurn: boolean,
): Promise<ModelUserPart[]> {
  const attachments = message.attachments ?? [];
  const read = (attachment: Attachment) => reader.read(message.userId, message.conversationId, attachment);
  const texts = await Promise.all(
    attachments.map(async (attachment) => {
      if (attachment.kind === 'text') return textFileBlock(attachment.fileName, await read(attachment));
      return isLastUserTurn ? undefined : `[Image ${attachment.fileName}, attached earlier]`;
    }),
  );
  const images = isLastUserTurn
    ? await Promise.all(
        attachments
          .filter((attachment) => attachment.kind === 'image')
          .map(async (attachment): Promise<ModelUserPart> => {
            const data = await read(attachment);
            return data
              ? { type: 'image', mediaType: attachment.contentType, data }
              : { type: 'text', text: `[Image ${attachment.fileName}: no longer available]` };
          }),
      )
    : [];
  const text = [...texts.filter((block) => block !== undefined), message.content].join('\n\n');
  return [...images, { type: 'text', text }];
}
