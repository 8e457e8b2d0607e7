import * as z from 'zod';
import { MAX_ID_LENGTH, MAX_MODEL_ID_LENGTH, MAX_PROVIDER_ID_LENGTH } from '../constants/limits';
import { AGENT_MODES } from './agent';
import { chatServerIdsSchema } from './chat-servers';
import { attachedCollectionIdsSchema } from './knowledge';

/**
 * Automations (issue 32): an agent run started by a schedule, a webhook or 'Run now', following
 * the steps its owner approved, within a budget, its result written to a conversation. This file
 * is the API's contract (routes under /automations); the limits per plan are in
 * constants/plans.ts (`AUTOMATION_LIMITS`).
 */
export const MAX_AUTOMATION_NAME_LENGTH = 100;
export const MAX_AUTOMATION_GOAL_LENGTH = 4_000;
const MAX_EXPRESSION_LENGTH = 256;
const MAX_TIMEZONE_LENGTH = 64;
/** Tools the owner lets a run call without pausing (namespaced `server__tool` names). */
export const MAX_APPROVED_TOOLS = 100;
const MAX_TOOL_NAME_LENGTH = 200;
/** A webhook's body is the run's input: at most this many bytes of UTF-8 JSON or text. */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;
/** Webhook calls one automation takes per minute; past them 429 (AUTOMATION_MESSAGES.webhookThrottled). */
export const MAX_WEBHOOK_CALLS_PER_MINUTE = 30;
/** Consecutive failed runs after which an automation is paused. */
export const AUTOMATION_FAILURES_BEFORE_PAUSE = 3;

/** Per-run budget bounds (a plan's own ceiling may be lower: AUTOMATION_LIMITS). */
export const MAX_RUN_TOKENS = 200_000;
export const MAX_RUN_TOOL_CALLS = 100;
export const MAX_RUN_MINUTES = 60;

export const AUTOMATION_MESSAGES = {
  nameRequired: 'Enter a name',
  nameTooLong: `A name has at most ${MAX_AUTOMATION_NAME_LENGTH} characters`,
  goalRequired: 'Enter a goal',
  goalTooLong: `A goal has at most ${MAX_AUTOMATION_GOAL_LENGTH.toLocaleString('en-US')} characters`,
  expressionInvalid: 'Enter a schedule as rate(5 minutes) or cron(0 9 * * ? *)',
  timezoneInvalid: 'Choose a valid time zone',
  scheduleTooFrequent: (minutes: number) =>
    `Your plan allows a schedule at most every ${minutes} minute${minutes === 1 ? '' : 's'}`,
  tooManyAutomations: (max: number) => `Your plan allows ${max} automations; delete one or upgrade`,
  runsPerDayReached: (max: number) =>
    `Your plan allows ${max} automation runs a day; try again tomorrow or upgrade`,
  notFound: 'Automation not found',
  runNotFound: 'Run not found',
  paused: 'This automation is paused',
  notWaiting: 'This run is not waiting for an approval',
  webhookOnly: 'This automation has no webhook trigger',
  webhookBodyTooLarge: `A webhook body has at most ${MAX_WEBHOOK_BODY_BYTES / 1024} KB`,
  webhookThrottled: 'Too many webhook calls for this automation; slow down',
  adminsOnly: "Only the team's Admins can create and change its automations",
  /** A run's stop reasons, shown in the Runs list. */
  stoppedTokens: (max: number) => `Stopped: the run used its budget of ${max.toLocaleString('en-US')} tokens`,
  stoppedToolCalls: (max: number) => `Stopped: the run made its budget of ${max} tool calls`,
  stoppedTime: (minutes: number) => `Stopped: the run took longer than ${minutes} minutes`,
  stoppedLoop: (tool: string) => `Stopped: the run called ${tool} with the same arguments again and again`,
  pausedAfterFailures: `Paused after ${AUTOMATION_FAILURES_BEFORE_PAUSE} failed runs in a row`,
  waitingApproval: (tool: string) => `Waiting for your approval to call ${tool}`,
} as const;

/** EventBridge Scheduler's own syntax: rate(value unit) or cron(6 fields); see automation-schedule. */
export const scheduleTriggerSchema = z.strictObject({
  type: z.literal('schedule'),
  expression: z
    .string()
    .trim()
    .min(1, AUTOMATION_MESSAGES.expressionInvalid)
    .max(MAX_EXPRESSION_LENGTH, AUTOMATION_MESSAGES.expressionInvalid),
  /** An IANA time zone (the user's by default, from the browser). */
  timezone: z.string().min(1).max(MAX_TIMEZONE_LENGTH, AUTOMATION_MESSAGES.timezoneInvalid),
});
export const webhookTriggerSchema = z.strictObject({ type: z.literal('webhook') });
/** 'Run now' works for every automation; `manual` is one that has no other trigger. */
export const manualTriggerSchema = z.strictObject({ type: z.literal('manual') });
export const automationTriggerSchema = z.discriminatedUnion('type', [
  scheduleTriggerSchema,
  webhookTriggerSchema,
  manualTriggerSchema,
]);
export type AutomationTrigger = z.infer<typeof automationTriggerSchema>;

export const automationBudgetSchema = z.strictObject({
  maxTokens: z.number().int().min(100).max(MAX_RUN_TOKENS),
  maxToolCalls: z.number().int().min(0).max(MAX_RUN_TOOL_CALLS),
  maxMinutes: z.number().int().min(1).max(MAX_RUN_MINUTES),
});
export type AutomationBudget = z.infer<typeof automationBudgetSchema>;

export const AUTOMATION_NOTIFY = ['never', 'failure', 'always'] as const;
export type AutomationNotify = (typeof AUTOMATION_NOTIFY)[number];

/** A step the owner approved (the planner's step, as confirmed at create or edit time). */
export const automationStepSchema = z.strictObject({
  description: z.string().trim().min(1).max(2_000),
  /** The one tool the step calls (MCP Server mode), namespaced; absent: the model chooses among the approved ones. */
  tool: z.string().min(1).max(MAX_TOOL_NAME_LENGTH).optional(),
  arguments: z.record(z.string(), z.unknown()).optional(),
});
export type AutomationStep = z.infer<typeof automationStepSchema>;

const id = z.string().min(1).max(MAX_ID_LENGTH);

/** POST /automations and PUT /automations/{id} (PUT takes the same fields, all required). */
export const automationInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, AUTOMATION_MESSAGES.nameRequired)
    .max(MAX_AUTOMATION_NAME_LENGTH, AUTOMATION_MESSAGES.nameTooLong),
  goal: z
    .string()
    .trim()
    .min(1, AUTOMATION_MESSAGES.goalRequired)
    .max(MAX_AUTOMATION_GOAL_LENGTH, AUTOMATION_MESSAGES.goalTooLong),
  mode: z.enum(AGENT_MODES),
  serverIds: chatServerIdsSchema,
  /** Knowledge collections the run searches (`search_knowledge`); the owner must be able to read each. */
  collectionIds: z._default(attachedCollectionIdsSchema, []),
  provider: z.string().min(1).max(MAX_PROVIDER_ID_LENGTH),
  model: z.string().min(1).max(MAX_MODEL_ID_LENGTH),
  /** The approved plan; absent: each run plans from the goal, and only read-only or approved tools run unattended. */
  steps: z.array(automationStepSchema).max(12).optional(),
  approvedTools: z.array(z.string().min(1).max(MAX_TOOL_NAME_LENGTH)).max(MAX_APPROVED_TOOLS).default([]),
  trigger: automationTriggerSchema,
  budget: automationBudgetSchema,
  notify: z.enum(AUTOMATION_NOTIFY).default('failure'),
  /** `new`: each run writes its own conversation; `append`: every run adds to one conversation. */
  output: z.enum(['new', 'append']).default('new'),
  /** Set: the team's automation (its Admins create and change it; its Users see it and its runs). */
  teamId: id.optional(),
});
export type AutomationInput = z.input<typeof automationInputSchema>;

/** PATCH /automations/{id}: pause or resume (resuming clears the failure count). */
export const automationStatePatchSchema = z.strictObject({ enabled: z.boolean() });

export const AUTOMATION_RUN_SOURCES = ['schedule', 'webhook', 'manual'] as const;
export type AutomationRunSource = (typeof AUTOMATION_RUN_SOURCES)[number];

export const AUTOMATION_RUN_STATUSES = [
  'queued',
  'running',
  'waiting_approval',
  'succeeded',
  'failed',
  'stopped',
  'cancelled',
] as const;
export type AutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];
export const AUTOMATION_RUN_STATUS_LABELS: Readonly<Record<AutomationRunStatus, string>> = {
  queued: 'Queued',
  running: 'Running',
  waiting_approval: 'Waiting for approval',
  succeeded: 'Succeeded',
  failed: 'Failed',
  stopped: 'Stopped (budget)',
  cancelled: 'Cancelled',
};

/** The automation's latest run, kept on the automation (the list shows it without reading the runs). */
export const automationLastRunSchema = z.object({
  runId: z.string(),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  /** Why it stopped, failed or waits (AUTOMATION_MESSAGES). */
  reason: z.string().optional(),
  startedAt: z.number(),
  /** When it ended (absent while it is queued, running or waiting). */
  endedAt: z.number().optional(),
});
export type AutomationLastRun = z.infer<typeof automationLastRunSchema>;

export const automationSchema = z.object({
  id: z.string(),
  name: z.string(),
  goal: z.string(),
  mode: z.enum(AGENT_MODES),
  serverIds: z.array(z.string()),
  /** Absent on automations saved before collections could be attached: none. */
  collectionIds: z.array(z.string()).optional(),
  provider: z.string(),
  model: z.string(),
  steps: z.array(automationStepSchema).optional(),
  approvedTools: z.array(z.string()),
  trigger: automationTriggerSchema,
  budget: automationBudgetSchema,
  notify: z.enum(AUTOMATION_NOTIFY),
  output: z.enum(['new', 'append']),
  teamId: z.string().optional(),
  enabled: z.boolean(),
  /** Why it is paused when the platform paused it (failures); absent when the owner did. */
  pausedReason: z.string().optional(),
  consecutiveFailures: z.number(),
  /** Epoch ms of the next scheduled run (schedule triggers, when enabled). */
  nextRunAt: z.number().optional(),
  /** The latest run (queued, running, waiting or ended); absent before the first. */
  lastRun: automationLastRunSchema.optional(),
  /**
   * Only in the answer that makes a webhook secret (create, an edit to a webhook trigger, a
   * rotation), with `webhookSecret`: the URL to POST to, the secret in `Authorization: Bearer`.
   */
  webhookUrl: z.string().optional(),
  /** The webhook's secret, answered this once (only its SHA-256 is kept). */
  webhookSecret: z.string().optional(),
  /** Whether the caller may change it (their own; a team's for its Admins). */
  editable: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Automation = z.infer<typeof automationSchema>;
export const automationListSchema = z.object({ automations: z.array(automationSchema) });

export const automationRunSchema = z.object({
  id: z.string(),
  automationId: z.string(),
  source: z.enum(AUTOMATION_RUN_SOURCES),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  /** Why it stopped, failed or waits, in the user's words (AUTOMATION_MESSAGES). */
  reason: z.string().optional(),
  conversationId: z.string().optional(),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
  toolCalls: z.number(),
  /** The call waiting for the owner (status waiting_approval). */
  pendingApproval: z.object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()) }).optional(),
  /** A webhook's body, the run's input (untrusted): only in GET /automations/{id}/runs/{runId}. */
  input: z.string().optional(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  durationMs: z.number().optional(),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;
/** GET /automations/{id}/runs: newest first, paged by `cursor`. */
export const automationRunListSchema = z.object({
  runs: z.array(automationRunSchema),
  cursor: z.string().optional(),
});

/** POST /automations/{id}/runs/{runId}/approval: the owner's decision on the paused call. */
export const automationApprovalSchema = z.strictObject({ decision: z.enum(['approve', 'cancel']) });

/**
 * POST /automation-hooks/{id} with `Authorization: Bearer <secret>` (or, for a sender that can set
 * no header, POST /automation-hooks/{id}/{secret}): 202, the run is queued (source `webhook`).
 */
export const automationWebhookAcceptedSchema = z.object({
  automationId: z.string(),
  status: z.literal('queued'),
});

/** GET /automations/schedule-preview?expression=&timezone=: the next runs the form shows. */
export const schedulePreviewQuerySchema = scheduleTriggerSchema.omit({ type: true });
export const schedulePreviewSchema = z.object({ nextRuns: z.array(z.number()) });
