import {
  AUTOMATION_RUN_SOURCES,
  AUTOMATION_RUN_STATUSES,
  automationSchema,
  knowledgeCitationsSchema,
  toolCallSchema,
} from '@agentforge/shared';
import * as z from 'zod';
import { storedToolApprovalSchema } from '../conversations/message.js';

/**
 * An automation as the automations table stores it (userId = the owner: a user, or a team as
 * `team#<teamId>`; key `automation#<id>`), and its runs in the same partition (key
 * `run#<automationId>#<runId>`, expiring by TTL on expiresAt), so an account's or
 * a team's deletion erases both with the partition.
 */
export const AUTOMATION_KEY_PREFIX = 'automation#';
export const RUN_KEY_PREFIX = 'run#';

export const automationKey = (automationId: string) => `${AUTOMATION_KEY_PREFIX}${automationId}`;
export const runKeyPrefix = (automationId: string) => `${RUN_KEY_PREFIX}${automationId}#`;
/** A run's id is a ULID, so its key sorts the runs by start time. */
export const runKey = (automationId: string, runId: string) => `${runKeyPrefix(automationId)}${runId}`;

/** The API's automation without what is derived per answer (id, team, next run, URL, editable). */
export const storedAutomationSchema = automationSchema
  .omit({
    id: true,
    teamId: true,
    nextRunAt: true,
    webhookUrl: true,
    webhookSecret: true,
    editable: true,
  })
  .extend({
    userId: z.string(),
    key: z.string(),
    automationId: z.string(),
    /** SHA-256 (hex) of the webhook's secret; the secret itself is never stored. */
    webhookSecretHash: z.string().optional(),
    /** The conversation every run appends to (output `append`), once the first run made it. */
    conversationId: z.string().optional(),
    /** Who created it (a team's Admin, or the owner). */
    createdBy: z.string(),
  });
export type StoredAutomation = z.infer<typeof storedAutomationSchema>;

export const storedRunSchema = z.object({
  userId: z.string(),
  key: z.string(),
  automationId: z.string(),
  runId: z.string(),
  source: z.enum(AUTOMATION_RUN_SOURCES),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  reason: z.string().optional(),
  conversationId: z.string().optional(),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
  toolCalls: z.number(),
  pendingApproval: z.object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()) }).optional(),
  /** A webhook's body: the run's input, untrusted. */
  input: z.string().optional(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  /** The runner's place between invocations (run-executor.ts): the next step and the outputs so far. */
  step: z.number().int().nonnegative().optional(),
  outputs: z.array(z.string()).optional(),
  /** Every tool call made so far (`tool arguments`), for the loop guard. */
  callKeys: z.array(z.string()).optional(),
  /** A step's tool loop paused at the call awaiting approval: its text, its calls, the call. */
  paused: z
    .object({ content: z.string(), toolCalls: z.array(toolCallSchema), approval: storedToolApprovalSchema })
    .optional(),
  /** The passages its `search_knowledge` calls returned so far, numbered as cited (the answer keeps them). */
  citations: z.optional(knowledgeCitationsSchema),
  /** The owner approved the paused call: the resumed run makes it once. */
  approved: z.boolean().optional(),
  /** Epoch seconds: DynamoDB's TTL. */
  expiresAt: z.number(),
});
export type StoredRun = z.infer<typeof storedRunSchema>;

export interface AutomationRepository {
  /** The owner's automations (not their runs). */
  list(ownerId: string): Promise<StoredAutomation[]>;
  get(ownerId: string, automationId: string): Promise<StoredAutomation | undefined>;
  create(automation: StoredAutomation): Promise<void>;
  /** Replaces an existing automation; false when it is gone. */
  replace(automation: StoredAutomation): Promise<boolean>;
  /** Deletes the automation and its runs; false when it was gone. */
  delete(ownerId: string, automationId: string): Promise<boolean>;
  /** The automation's runs, newest first, a page at a time. */
  listRuns(
    ownerId: string,
    automationId: string,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<{ runs: StoredRun[]; cursor?: string }>;
  getRun(ownerId: string, automationId: string, runId: string): Promise<StoredRun | undefined>;
  putRun(run: StoredRun): Promise<void>;
  /** Writes the run only while its stored status is `expected` (one decision wins); false otherwise. */
  claimRun(run: StoredRun, expected: StoredRun['status']): Promise<boolean>;
}
