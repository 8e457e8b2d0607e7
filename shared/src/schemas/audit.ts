import * as z from 'zod';

/**
 * The audit log (issue 13): append-only records of security-relevant actions, one hash chain per
 * scope (`user#<sub>` or `team#<teamId>`). Records never carry secrets: only ids, names
 * and outcomes.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'api_key.created',
  'api_key.deleted',
  'mcp_server.created',
  'mcp_server.updated',
  'mcp_server.enabled',
  'mcp_server.disabled',
  'mcp_server.deleted',
  'mcp_server.external_token_issued',
  'mcp_server.member_values_saved',
  'mcp_server.member_values_removed',

  'mcp_server.external_token_revoked',
  'mcp_server.tool_policy_changed',
  'mcp_server.oauth_started',
  'mcp_server.oauth_connected',
  'mcp_server.oauth_disconnected',
  'github.linked',
  'github.unlinked',
  'agent.step_confirmed',
  'agent.step_executed',
  'subscription.checkout_completed',
  'subscription.changed',
  'subscription.cancelled',
  'subscription.resumed',
  'account.deleted',
  'team.created',
  'team.renamed',
  'team.deleted',
  'team.overage_cap_changed',
  'team.sso_configured',
  'team.sso_domain_verified',
  'team.sso_removed',
  'team.ownership_transferred',
  'member.invited',
  'member.invitation_resent',
  'member.invitation_revoked',
  'member.invitation_declined',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'conversation.shared',
  'conversation.unshared',
  'automation.created',
  'automation.updated',
  'automation.deleted',
  'automation.paused',
  'automation.resumed',
  'automation.webhook_rotated',
  'automation.run_started',
  'automation.run_approved',
  'automation.run_cancelled',
  'automation.run_ended',
  'knowledge.collection_created',
  'knowledge.collection_updated',
  'knowledge.collection_deleted',
  'knowledge.file_uploaded',
  'knowledge.file_deleted',

  'prompt.created',
  'prompt.updated',
  'prompt.deleted',
  'prompt.imported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What each action reads as in the activity log. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'api_key.created': 'API key created',
  'api_key.deleted': 'API key deleted',
  'mcp_server.created': 'Server created',
  'mcp_server.updated': 'Server edited',
  'mcp_server.enabled': 'Server enabled',
  'mcp_server.disabled': 'Server disabled',
  'mcp_server.deleted': 'Server deleted',
  'mcp_server.external_token_issued': 'External token issued',
  'mcp_server.member_values_saved': 'Own server values saved',
  'mcp_server.member_values_removed': 'Own server values removed',

  'mcp_server.external_token_revoked': 'External token revoked',
  'mcp_server.tool_policy_changed': 'Tool approvals changed',
  'mcp_server.oauth_started': 'Server authorization started',
  'mcp_server.oauth_connected': 'Server connected (OAuth)',
  'mcp_server.oauth_disconnected': 'Server disconnected (OAuth)',
  'github.linked': 'GitHub linked',
  'github.unlinked': 'GitHub unlinked',
  'agent.step_confirmed': 'Plan step confirmed',
  'agent.step_executed': 'Plan step executed',
  'subscription.checkout_completed': 'Checkout completed',
  'subscription.changed': 'Subscription changed',
  'subscription.cancelled': 'Subscription cancelled',
  'subscription.resumed': 'Subscription resumed',
  'account.deleted': 'Account deleted',
  'team.created': 'Team created',
  'team.renamed': 'Team renamed',
  'team.deleted': 'Team deleted',
  'team.overage_cap_changed': 'Team overage cap changed',
  'team.sso_configured': 'Team single sign-on configured',
  'team.sso_domain_verified': 'Team single sign-on domain verified',
  'team.sso_removed': 'Team single sign-on removed',
  'team.ownership_transferred': 'Team ownership transferred',
  'member.invited': 'Member invited',
  'member.invitation_resent': 'Invitation resent',
  'member.invitation_revoked': 'Invitation revoked',
  'member.invitation_declined': 'Invitation declined',
  'member.joined': 'Member joined',
  'member.role_changed': 'Member role changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'conversation.shared': 'Conversation shared with the team',
  'conversation.unshared': 'Conversation no longer shared',
  'automation.created': 'Automation created',
  'automation.updated': 'Automation changed',
  'automation.deleted': 'Automation deleted',
  'automation.paused': 'Automation paused',
  'automation.resumed': 'Automation resumed',
  'automation.webhook_rotated': 'Automation webhook secret rotated',
  'automation.run_started': 'Automation run started',
  'automation.run_approved': 'Automation run approved',
  'automation.run_cancelled': 'Automation run cancelled',
  'automation.run_ended': 'Automation run ended',
  'knowledge.collection_created': 'Knowledge collection created',
  'knowledge.collection_updated': 'Knowledge collection changed',
  'knowledge.collection_deleted': 'Knowledge collection deleted',
  'knowledge.file_uploaded': 'Knowledge file uploaded',
  'knowledge.file_deleted': 'Knowledge file deleted',

  'prompt.created': 'Prompt created',
  'prompt.updated': 'Prompt edited',
  'prompt.deleted': 'Prompt deleted',
  'prompt.imported': 'Prompts imported',
};

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Non-secret details: flat, small values only (ids, names, statuses, error names). */
export const auditDetailsSchema = z.record(
  z.string().max(64),
  z.union([z.string().max(500), z.number(), z.boolean()]),
);
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

/** One record as the API shows it. */
export const auditRecordSchema = z.object({
  id: z.string(),
  scope: z.string(),
  /** The chain position within the scope (1, 2, ...). */
  seq: z.number().int().positive(),
  /** Who acted: a user's sub, or `system:<service>` (e.g. `system:stripe` for a webhook). */
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** What was acted on, `type:id` (e.g. `api-key:01J…`), or '' when the action has none. */
  target: z.string(),
  /** ISO 8601. */
  time: z.string(),
  /** Unknown where the event carries none (Cognito's sign-in trigger, Stripe's webhook source). */
  sourceIp: z.string(),
  userAgent: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  details: auditDetailsSchema,
  /** SHA-256 (hex) of the previous record of the scope, and of this one. */
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

/** The filters of GET /audit and GET /audit/export. `to` is inclusive (a date means its whole day, UTC). */
export const auditFiltersSchema = z.strictObject({
  actor: z.string().trim().min(1).max(200).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 100;

/** GET /audit?actor&action&from&to&cursor&limit (newest first). */
/** `?teamId=`: the team's log (its Admins only) instead of the caller's own. */
const auditScopeQuery = {
  teamId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, 'Invalid team id')
    .optional(),
};

export const auditListQuerySchema = auditFiltersSchema.extend({
  ...auditScopeQuery,
  cursor: z
    .string()
    .max(200)
    .regex(/^[\w-]+$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const AUDIT_EXPORT_FORMATS = ['csv', 'json'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/** GET /audit/export?format=csv|json&actor&action&from&to (oldest first). */
export const auditExportQuerySchema = auditFiltersSchema.extend({
  ...auditScopeQuery,
  format: z.enum(AUDIT_EXPORT_FORMATS).default('csv'),
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** GET /audit/verify[?teamId=]: walks the whole chain of the caller's (or the team's) log. */
export const auditVerifyQuerySchema = z.strictObject(auditScopeQuery);
export type AuditVerifyQuery = z.infer<typeof auditVerifyQuerySchema>;

/**
 * What the walk found: intact (how many records, from which position to which), or the first
 * broken link (its position and why: edited, unlinked or missing).
 */
export const auditVerdictSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    count: z.number().int(),
    startsAt: z.number().int().optional(),
    headSeq: z.number().int().optional(),
  }),
  z.object({ ok: z.literal(false), count: z.number().int(), brokenAt: z.number().int(), reason: z.string() }),
]);
export type AuditVerdict = z.infer<typeof auditVerdictSchema>;

/** The most records one export holds (a Lambda response is at most 6 MB). */
export const AUDIT_EXPORT_LIMIT = 5000;

export const auditPageSchema = z.object({
  records: z.array(auditRecordSchema),
  /** Opaque; absent on the last page. */
  nextCursor: z.string().optional(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
