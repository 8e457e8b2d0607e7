import {
  type Conversation,
  type CreateConversationBodyInput,
  conversationSchema,
  createConversationBodySchema,
  formatIssues,
  MAX_TITLE_LENGTH,
} from '@agentforge/shared';

/** What an import of a file that is not one of our exports says. */
export const NOT_AN_EXPORT = 'This file is not a conversation exported from the chat (JSON).';

/** A file name from the title: letters, digits and dashes. */
export function exportFileName(conversation: Pick<Conversation, 'title'>, extension: 'md' | 'json'): string {
  const base = conversation.title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'conversation'}.${extension}`;
}

/** Said under the title of a Markdown export of a conversation with alternatives. */
export const SHOWN_BRANCH_NOTE =
  '_The branch shown in the chat: other alternatives (regenerated or edited turns) are in the JSON export._';

/**
 * The conversation (its branch shown) as Markdown: its title, a note when it has other branches,
 * then each turn under who said it (errors left out).
 */
export function toMarkdown(conversation: Conversation): string {
  const branched = conversation.messages.some((message) => (message.siblingIds?.length ?? 0) > 1);
  const turns = conversation.messages
    .filter((message) => !message.isError)
    .map((message) => {
      const who = message.role === 'user' ? 'You' : (message.model ?? 'Assistant');
      // A reply's web sources, numbered as it cites them; a title is text (no link or markup of its own).
      const sources = message.sources
        ?.map((source, index) => `${index + 1}. ${source.title.replace(/[[\]<]/g, '\\$&')}: <${source.url}>`)
        .join('\n');
      return `### ${who}\n\n${message.content.trim()}\n${sources ? `\nSources:\n\n${sources}\n` : ''}`;
    });
  return [`# ${conversation.title}\n`, ...(branched ? [`${SHOWN_BRANCH_NOTE}\n`] : []), ...turns].join('\n');
}

/** The conversation as JSON: exactly what the API returns (each message's `parentId` too), so it imports back. */
export function toJson(conversation: Conversation): string {
  return `${JSON.stringify(conversation, null, 2)}\n`;
}

/**
 * A JSON export read back as a new conversation's body (new ids and owner are the API's); throws
 * an Error with a message to show when the file is not an export or breaks the API's limits.
 */
export function importBodyOf(text: string): CreateConversationBodyInput {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(NOT_AN_EXPORT);
  }
  const exported = conversationSchema.safeParse(parsed);
  if (!exported.success) throw new Error(NOT_AN_EXPORT);
  const { title, messages, createdAt, updatedAt, metadata } = exported.data;
  // The copy is told apart from the original in the list.
  const copy = importedTitle(title);
  const body = { title: copy, name: copy, messages, createdAt, updatedAt, metadata };
  const checked = createConversationBodySchema.safeParse(body);
  if (!checked.success) throw new Error(formatIssues(checked.error.issues));
  return body;
}

/** An imported conversation's title: the original's, marked, within the title's limit. */
export function importedTitle(title: string): string {
  const mark = ' (imported)';
  return `${title.slice(0, MAX_TITLE_LENGTH - mark.length).trimEnd()}${mark}`;
}

/** Offers `text` as a file download. */
export function download(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
