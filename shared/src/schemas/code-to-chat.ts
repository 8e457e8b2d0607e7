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
