import { NEW_CONVERSATION_TITLE } from './constants/product';

/** Longest title taken from a first message. */
export const FIRST_MESSAGE_TITLE_LENGTH = 50;

/** A new conversation's title: its first message on one line, cut at a word near FIRST_MESSAGE_TITLE_LENGTH. */
export function titleFromMessage(text: string, max = FIRST_MESSAGE_TITLE_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return NEW_CONVERSATION_TITLE;
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
