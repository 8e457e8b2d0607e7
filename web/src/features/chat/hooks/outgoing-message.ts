import type { Attachment, Message, StreamQuery } from '@agentforge/shared';
import { tempMessageId } from '../utils/chat-reducer';

/** The user's message as the chat shows it until the saved one (its id, its time) replaces it. */
export function newUserMessage(conversationId: string, content: string, attachments: Attachment[]): Message {
  return {
    id: tempMessageId('user'),
    conversationId,
    role: 'user',
    content,
    timestamp: Date.now(),
    ...(attachments.length ? { attachments } : {}),
  };
}

/** The stream's `mcpServerIds`: the servers whose tools the reply may use. */
export const serversOf = (servers: readonly string[]): Pick<StreamQuery, 'mcpServerIds'> =>
  servers.length ? { mcpServerIds: servers.join(',') } : {};

/** The stream's `attachmentIds`: the files of the message the reply answers. */
export function attachmentIdsOf(attachments: Attachment[] | undefined): Pick<StreamQuery, 'attachmentIds'> {
  return attachments?.length
    ? { attachmentIds: attachments.map((attachment) => attachment.id).join(',') }
    : {};
}

/** What the user chose for one message: 'Use my documents' (the stream's `useDocuments`). */
export type SendChoices = { useDocuments?: boolean };

/** The stream's `useDocuments`: 'Use my documents' was chosen for the message. */
export const documentsOf = (choices: SendChoices | undefined): Pick<StreamQuery, 'useDocuments'> =>
  choices?.useDocuments ? { useDocuments: 'true' } : {};
