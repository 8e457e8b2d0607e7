import { SERVER_HEALTH_VALUES, SERVER_STATUSES, SERVER_STOPPERS, toolPolicySchema } from '@agentforge/shared';
import * as z from 'zod';

/**
 * An MCP server configuration as stored. `envCiphertext` holds the environment values (encrypted
 * JSON); `envPreview` their masked form, the only form the API ever returns. `run*` describe the current run while there is
 * one; `bridgeToken` is the per-run credential only the gateway uses (the bridge is reachable only
 * from the gateway's network, and the table is encrypted at rest). `externalTokenHash` is the
 * SHA-256 of the token external MCP clients present (shown once); `externalTokenIssuer` the user
 * who issued it: a team server's token works only while they may still manage the team's servers.
 */
export const mcpServerRecordSchema = z.object({
  userId: z.string(),
  serverId: z.string(),
  name: z.string(),
  /** A hosted server's npm package; '' for a remote server. */
  packageName: z.string(),
  /**
   * A remote server's URL (it then has no run: no start, stop or compute); its static headers are
   * secrets like the env: `headersCiphertext` (encrypted JSON), `headersPreview` (masked).
   */
  url: z.string().optional(),
  headersPreview: z.record(z.string(), z.string()).optional(),
  headersCiphertext: z.string().optional(),
  idleTimeoutMinutes: z.number().int(),
  envPreview: z.record(z.string(), z.string()),
  envCiphertext: z.string().optional(),
  status: z.enum(SERVER_STATUSES),
  healthStatus: z.enum(SERVER_HEALTH_VALUES).optional(),
  lastError: z.string().optional(),
  lastActive: z.number().optional(),
  stoppedBy: z.enum(SERVER_STOPPERS).optional(),
  runId: z.string().optional(),
  runStartedAt: z.number().optional(),
  runEndpoint: z.string().optional(),
  bridgeToken: z.string().optional(),
  externalTokenHash: z.string().optional(),
  /** A team server's variables each member supplies: it runs one instance per member. */
  memberVariables: z.array(z.string()).optional(),
  /**
   * On a member's instance of such a server (its own record, `<serverId>--<memberId>` under the
   * team): the server it is an instance of and the member. Its `envCiphertext` holds only that
   * member's values; its run fields its own run. Never reachable by id through the API.
   */
  instanceOf: z.string().optional(),
  memberId: z.string().optional(),

  externalTokenIssuer: z.string().optional(),
  /** Tool approval (docs/decisions/mcp-servers.md, "Tool approval"): absent, every tool runs unasked. */
  toolPolicy: z.optional(toolPolicySchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type McpServerRecord = z.infer<typeof mcpServerRecordSchema>;

export const isRemote = (record: Pick<McpServerRecord, 'url'>): boolean => record.url !== undefined;

export type McpServerChanges = Partial<Omit<McpServerRecord, 'userId' | 'serverId' | 'createdAt'>>;

export interface McpServerRepository {
  create(record: McpServerRecord): Promise<void>;
  get(userId: string, serverId: string): Promise<McpServerRecord | undefined>;
  listByUser(userId: string): Promise<McpServerRecord[]>;
  /** Every user's servers in one status (the reaper's view). */
  listByStatus(status: McpServerRecord['status']): Promise<McpServerRecord[]>;
  /**
   * Writes `changes` (a `null` removes the attribute). With `expectedStatus`, only if the status is
   * still that one: resolves false when another writer got there first.
   */
  update(
    userId: string,
    serverId: string,
    changes: { [K in keyof McpServerChanges]: McpServerChanges[K] | null },
    expectedStatus?: McpServerRecord['status'],
  ): Promise<boolean>;
  /**
   * Removes the external token (its hash and issuer) only while it is still the one hashed
   * `tokenHash`: a token issued meanwhile stays. False when it was not removed.
   */
  clearExternalToken(userId: string, serverId: string, tokenHash: string): Promise<boolean>;
  delete(userId: string, serverId: string): Promise<void>;
}

/**
 * Slots of a per-user limit (concurrent servers), taken with conditional writes so that parallel
 * requests can never hold more than the limit. A holder is released once its run ends; a slot held for
 * a while by a holder that is not active (a crash between taking and starting) is reclaimed.
 */
export interface LimitSlots {
  /** Takes a free slot for `holder`; false when all `limit` slots are held by active holders. */
  take(
    userId: string,
    holder: string,
    limit: number,
    isActive: (holder: string) => Promise<boolean>,
  ): Promise<boolean>;
  /** Frees the holder's slot, if it has one (idempotent). */
  release(userId: string, holder: string): Promise<void>;
}

export interface ComputeUsageRepository {
  /** Adds minutes to the user's month (`compute#YYYY-MM`). */
  addComputeMinutes(userId: string, month: string, minutes: number): Promise<void>;
  computeMinutes(userId: string, month: string): Promise<number>;
}
