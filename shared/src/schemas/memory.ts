import * as z from 'zod/mini';
import { MAX_MEMORY_FACT_LENGTH } from '../constants/limits';
import { MEMORY_MESSAGES } from '../messages/memory';

/** A fact's text: trimmed, not empty, within the length limit (the errors say which). */
export const memoryFactTextSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, MEMORY_MESSAGES.factEmpty),
    z.maxLength(MAX_MEMORY_FACT_LENGTH, MEMORY_MESSAGES.factTooLong),
  );

/** POST /users/memory/facts and PUT /users/memory/facts/{factId}. */
export const memoryFactBodySchema = z.strictObject({ text: memoryFactTextSchema });
export type MemoryFactBody = z.infer<typeof memoryFactBodySchema>;

/** PUT /users/memory: memory on or off for the caller (off by default). */
export const memorySettingsBodySchema = z.strictObject({ enabled: z.boolean() });

/** Path parameters naming one of the caller's facts. */
export const memoryFactParamsSchema = z.object({ factId: z.string().check(z.minLength(1), z.maxLength(64)) });

export const memoryFactSchema = z.object({
  factId: z.string(),
  text: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type MemoryFact = z.infer<typeof memoryFactSchema>;

/** GET /users/memory (and PUT's answer): the switch and the facts, newest first. */
export const memoryViewSchema = z.object({ enabled: z.boolean(), facts: z.array(memoryFactSchema) });
export type MemoryView = z.infer<typeof memoryViewSchema>;

/** What the user did with the model's `remember` proposal ('Remember this?'). */
export const MEMORY_DECISIONS = ['saved', 'dismissed'] as const;
export const memoryDecisionSchema = z.enum(MEMORY_DECISIONS);
export type MemoryDecision = z.infer<typeof memoryDecisionSchema>;

/** A reply's decisions on its `remember` proposals, by tool call id (stored with the message). */
export const memoryDecisionsSchema = z.record(z.string(), memoryDecisionSchema);

/** PUT /conversations/{id}/messages/{messageId}/memory-proposals/{toolCallId}: the decision, kept with the reply. */
export const memoryProposalBodySchema = z.strictObject({ decision: memoryDecisionSchema });

/** PUT /teams/{teamId}/memory (Admins): whether members' memory is used in the team's space. */
export const teamMemoryBodySchema = z.strictObject({ allowed: z.boolean() });
