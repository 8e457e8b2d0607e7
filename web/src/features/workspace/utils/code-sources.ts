import {
  CHAT_MESSAGES,
  type CodeToChatPayload,
  codeToChatPayloadSchema,
  composeCodeMessage,
  filesUnder,
  folderCode,
  languageOfPath,
  MAX_MESSAGE_LENGTH,
} from '@agentforge/shared';

/** What 'Send Code to Chat' can send: the editor's selection, the whole file, or its folder. */
export type CodeSource = {
  kind: 'selection' | 'file' | 'folder';
  /** The radio's label. */
  label: string;
  payload: Omit<CodeToChatPayload, 'prompt'>;
};

/** The folder a path is in ('' at the top). */
export const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** The sources for the open file: the selection (when there is one), the file, and its folder (when in one). */
export function codeSources(
  file: { path: string; content: string },
  selection: string,
  files: readonly { path: string; content: string }[],
): CodeSource[] {
  const language = languageOfPath(file.path);
  const sources: CodeSource[] = [];
  if (selection) {
    sources.push({
      kind: 'selection',
      label: 'The selection',
      payload: { code: selection, filePath: file.path, language, isFolder: false },
    });
  }
  sources.push({
    kind: 'file',
    label: `The whole file ${file.path}`,
    payload: { code: file.content, filePath: file.path, language, isFolder: false },
  });
  const folder = folderOf(file.path);
  if (folder) {
    const inFolder = filesUnder(files, folder);
    sources.push({
      kind: 'folder',
      label: `The folder ${folder}/ (${inFolder.length} ${inFolder.length === 1 ? 'file' : 'files'})`,
      payload: { code: folderCode(inFolder), filePath: `${folder}/`, language: 'text', isFolder: true },
    });
  }
  return sources;
}

/** The chat message for a source and prompt, or the rule it breaks (spec 5 "Send-code dialog"). */
export function codeToChatMessage(
  source: CodeSource,
  prompt: string,
): { message: string; error?: undefined } | { error: string } {
  const parsed = codeToChatPayloadSchema.safeParse({ ...source.payload, prompt });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? CHAT_MESSAGES.codePromptRequired };
  const message = composeCodeMessage(parsed.data);
  if (message.length > MAX_MESSAGE_LENGTH) return { error: CHAT_MESSAGES.messageTooLong };
  return { message };
}
