import * as z from 'zod';

export const conversationParams = z.object({ id: z.string().min(1).max(64) });
export const messageParams = conversationParams.extend({ messageId: z.string().min(1).max(64) });
export const memoryProposalParams = messageParams.extend({ toolCallId: z.string().min(1).max(128) });
export const attachmentParams = conversationParams.extend({
  attachmentId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/),
});
