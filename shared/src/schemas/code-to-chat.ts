import * as z from 'zod';
import { CHAT_MESSAGES } from '../messages/chat';

/** What the 'Send Code to Chat' dialog hands to the chat. */
export const codeToChatPayloadSchema = z.object({
  code: z.string(),
  filePath: z.string(),
  language: z.string(),
  isFolder: z.boolean(),
  prompt: z.string().refine((prompt) => prompt.trim().length > 0, CHAT_MESSAGES.codePromptRequired),
});
export type CodeToChatPayload = z.infer<typeof codeToChatPayloadSchema>;

/** A fence longer than any run of backticks in the code (at least three), so the code cannot close it. */
export function codeFence(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A folder's files as one text: each file under a `==> path <==` line, in path order. */
export function folderCode(files: readonly { path: string; content: string }[]): string {
  return [...files]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((file) => `==> ${file.path} <==\n${file.content}`)
    .join('\n\n');
}

/** The files under a folder (`src` or `src/`): their paths start with it and a '/'. */
export function filesUnder<T extends { path: string }>(files: readonly T[], folder: string): T[] {
  const prefix = `${folder.replace(/\/+$/, '')}/`;
  return files.filter((file) => file.path.startsWith(prefix));
}

/**
 * The chat message the dialog sends: the prompt, then the code as a fenced block whose info
 * string is its language and its path (a folder's path ends with '/'). The chat shows the block
 * with the path as its caption, and the model reads the path from the info string.
 */
export function composeCodeMessage(payload: CodeToChatPayload): string {
  const fence = codeFence(payload.code);
  const code = payload.code.endsWith('\n') ? payload.code : `${payload.code}\n`;
  return `${payload.prompt.trim()}\n\n${fence}${payload.language} ${payload.filePath}\n${code}${fence}`;
}
