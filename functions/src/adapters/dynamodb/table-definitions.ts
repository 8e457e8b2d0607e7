/**
 * The DynamoDB tables, defined once. The CDK data construct and the local stack both build their
 * tables from this list, so the two cannot drift. Pure data: no AWS SDK or CDK imports here.
 *
 * Key shapes:
 * - users:         userId (a deleted account's record is its tombstone: deletedAt, TTL on expiresAt)
 * - conversations: userId, conversationId; sparse GSI bySharedTeam (sharedWithTeamId,
 *                  conversationId): the conversations shared with a team, read-only
 * - messages:      conversationId, messageId (ULID, time-sortable); sparse GSI byLease (leaseShard,
 *                  leaseExpiresAt): streaming replies, for the sweep of those whose writer died
 * - mcpServers:    userId, serverId; GSI byStatus (status, serverId) for the reaper
 * - apiKeys:       userId, keyId
 * - billing:       userId; GSI byCustomer (stripeCustomerId). "My teams" is `teams-of#<userId>`, the
 *                  streams' pass `stream-access#<userId>` (TTL on expiresAt for its tombstone), an
 *                  account deletion job `account-deletion#<userId>` (TTL; the stream starts it)
 * - usage:         userId, period (`tokens#YYYY-MM-DD`, `compute#YYYY-MM`, `overage#…`); sparse GSI
 *                  meterPending (meterPending, at): overage rows not yet reported to Stripe
 * - agentPlans:    conversationId, planId
 * - workspaceFiles: userId, path (the code workspace)
 * - teams:         teamId, sk (`META`, `MEMBER#<userId>`, `INVITE#<invitationId>`); sparse GSI
 *                  byInviteCode (codeHash). "My teams" is `teams-of#<userId>` in billing.
 * - oauthConnections: userId, key (`connection#<serverId>`: a user's OAuth tokens for a remote MCP
 *                  server, encrypted; `pending#<sha256(state)>`: an authorization under way, TTL on
 *                  expiresAt)
 * - prompts:       userId (the owner: a user, or a team as `team#<teamId>`), promptId (ULID): saved
 *                  prompts (the prompt library)
 * - automations:   userId (the owner: a user, or `team#<teamId>`), key: `automation#<id>` (an
 *                  automation), `run#<automationId>#<runId>` (its runs, TTL on expiresAt)
 * - knowledge:     userId (the owner: a user, or `team#<teamId>`), key: `collection#<id>`,
 *                  `file#<collectionId>#<fileId>`, `chunk#<collectionId>#<fileId>#<index>`
 *                  (domain/knowledge/knowledge.ts)
 * - audit:         scope (`user#<sub>`, later `team#<id>`), seq (number: the record's place in
 *                  its scope's hash chain); TTL on expiresAt (docs/decisions/audit.md, "Audit log")
 */
export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S' | 'N';
}

export interface GlobalIndexDefinition {
  readonly indexName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
}

export interface TableDefinition {
  /** Stable id: CDK logical id suffix, local table name suffix and env var suffix. */
  readonly id: TableId;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly globalIndexes?: readonly GlobalIndexDefinition[];
  /** DynamoDB's TTL attribute (epoch seconds) on AWS; the local stack filters on read only. */
  readonly timeToLiveAttribute?: string;
  /**
   * A DynamoDB stream of the items' new images on AWS (the local stack has none): what a write
   * starts elsewhere, e.g. an account deletion job (account-deletion-jobs.ts).
   */
  readonly stream?: 'newImage';
}

export const TABLE_IDS = [
  'users',
  'conversations',
  'messages',
  'mcpServers',
  'apiKeys',
  'billing',
  'usage',
  'agentPlans',
  'workspaceFiles',
  'teams',
  'audit',
  'oauthConnections',
  'prompts',
  'automations',
  'knowledge',
] as const;
export type TableId = (typeof TABLE_IDS)[number];

/** Account deletion jobs' keys in the billing table (`account-deletion#<userId>`, account-deletion-jobs.ts). */
export const DELETION_JOB_KEY_PREFIX = 'account-deletion#';

/** The messages' sparse index of streaming replies by lease (the reply sweep's). */
export const MESSAGE_LEASE_INDEX = 'byLease';

const s = (name: string): KeyAttribute => ({ name, type: 'S' });
const n = (name: string): KeyAttribute => ({ name, type: 'N' });

export const TABLE_DEFINITIONS: readonly TableDefinition[] = [
  // TTL: a deleted account's tombstone (account-tombstones.ts) goes once its tokens have expired.
  { id: 'users', partitionKey: s('userId'), timeToLiveAttribute: 'expiresAt' },
  {
    id: 'conversations',
    partitionKey: s('userId'),
    sortKey: s('conversationId'),
    globalIndexes: [
      { indexName: 'bySharedTeam', partitionKey: s('sharedWithTeamId'), sortKey: s('conversationId') },
    ],
  },
  {
    id: 'messages',
    partitionKey: s('conversationId'),
    sortKey: s('messageId'),
    globalIndexes: [
      { indexName: MESSAGE_LEASE_INDEX, partitionKey: s('leaseShard'), sortKey: n('leaseExpiresAt') },
    ],
  },
  {
    id: 'mcpServers',
    partitionKey: s('userId'),
    sortKey: s('serverId'),
    globalIndexes: [{ indexName: 'byStatus', partitionKey: s('status'), sortKey: s('serverId') }],
  },
  { id: 'apiKeys', partitionKey: s('userId'), sortKey: s('keyId') },
  {
    id: 'billing',
    partitionKey: s('userId'),
    globalIndexes: [{ indexName: 'byCustomer', partitionKey: s('stripeCustomerId') }],
    // A deleted account's stream-pass tombstone (account-tombstones.ts), and deletion jobs.
    timeToLiveAttribute: 'expiresAt',
    // A deletion job written `queued` invokes the account function (its event source's filter).
    stream: 'newImage',
  },
  {
    id: 'usage',
    partitionKey: s('userId'),
    sortKey: s('period'),
    globalIndexes: [{ indexName: 'meterPending', partitionKey: s('meterPending'), sortKey: n('at') }],
  },
  { id: 'agentPlans', partitionKey: s('conversationId'), sortKey: s('planId') },
  { id: 'workspaceFiles', partitionKey: s('userId'), sortKey: s('path') },
  {
    id: 'teams',
    partitionKey: s('teamId'),
    sortKey: s('sk'),
    globalIndexes: [{ indexName: 'byInviteCode', partitionKey: s('codeHash') }],
  },
  {
    id: 'audit',
    partitionKey: s('scope'),
    sortKey: { name: 'seq', type: 'N' },
    timeToLiveAttribute: 'expiresAt',
  },
  { id: 'oauthConnections', partitionKey: s('userId'), sortKey: s('key'), timeToLiveAttribute: 'expiresAt' },
  { id: 'prompts', partitionKey: s('userId'), sortKey: s('promptId') },
  {
    id: 'automations',
    partitionKey: s('userId'),
    sortKey: s('key'),
    timeToLiveAttribute: 'expiresAt',
  },
  { id: 'knowledge', partitionKey: s('userId'), sortKey: s('key') },
];

/** Environment variable that carries a table's name to the functions, e.g. TABLE_MCP_SERVERS. */
export function tableEnvVar(id: TableId): string {
  return `TABLE_${id.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}
