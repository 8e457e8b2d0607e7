import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../constants/limits';

/**
 * Tool approval (issue 30 item 4): per server and per tool, a call runs unasked (`allow`), pauses
 * the reply for the user's decision (`ask`), or the tool is not offered at all (`never`).
 */
export const TOOL_POLICIES = ['allow', 'ask', 'never'] as const;
export type ToolPolicyValue = (typeof TOOL_POLICIES)[number];

/** More tools than any server offers; a name as long as MCP clients accept. */
const MAX_POLICY_TOOLS = 500;
const MAX_TOOL_NAME_LENGTH = 128;

export const TOOL_APPROVAL_MESSAGES = {
  /** What the model reads for a denied call (a refusal it can work with). */
  denied: 'The user denied this tool call.',
  alreadyDecided: 'This tool call was already decided.',
  nothingToDecide: 'This reply is not waiting for a tool approval.',
  policyForbidden: "Only the team's Admins can change this server's tool approvals.",
  /** The approval card's note where 'Always allow' is not offered (a team's User). */
  alwaysAllowAdminsOnly: "Only the team's Admins can always allow this server's tools.",
  tooManyTools: `At most ${MAX_POLICY_TOOLS} tools`,
} as const;

const toolNameSchema = z.string().check(z.minLength(1), z.maxLength(MAX_TOOL_NAME_LENGTH));
const policyValueSchema = z.enum(TOOL_POLICIES);

/** A server's policy: the default for its tools, and each tool's own setting where it has one. */
export const toolPolicySchema = z.object({
  default: policyValueSchema,
  tools: z
    .record(toolNameSchema, policyValueSchema)
    .check(
      z.refine((tools) => Object.keys(tools).length <= MAX_POLICY_TOOLS, TOOL_APPROVAL_MESSAGES.tooManyTools),
    ),
});
export type ToolPolicy = z.infer<typeof toolPolicySchema>;

/**
 * PATCH /mcp-servers/{id}/tool-policy: a new default and/or tools' settings, merged into the
 * stored policy; a tool set to `null` goes back to the default.
 */
export const toolPolicyPatchSchema = z.object({
  default: z.optional(policyValueSchema),
  tools: z.optional(
    z
      .record(toolNameSchema, z.nullable(policyValueSchema))
      .check(
        z.refine(
          (tools) => Object.keys(tools).length <= MAX_POLICY_TOOLS,
          TOOL_APPROVAL_MESSAGES.tooManyTools,
        ),
      ),
  ),
});
export type ToolPolicyPatch = z.infer<typeof toolPolicyPatchSchema>;

/** A tool as a server lists it (MCP tools/list), as far as its approval needs: name, description, read-only hint. */
export const listedToolSchema = z.object({
  name: z.string(),
  description: z.optional(z.string()),
  annotations: z.optional(z.looseObject({ readOnlyHint: z.optional(z.boolean()) })),
});
export type ListedTool = z.infer<typeof listedToolSchema>;

/** GET /mcp-servers/{id}/tools: a remote server's tools (a hosted server's come through the gateway). */
export const serverToolsResponseSchema = z.object({ tools: z.array(listedToolSchema) });

/** A server without a policy runs every tool unasked, as before tool approval existed. */
export const DEFAULT_TOOL_POLICY: ToolPolicy = { default: 'allow', tools: {} };

/** `patch` applied to `policy` (a `null` tool setting removes it). */
export function patchToolPolicy(policy: ToolPolicy | undefined, patch: ToolPolicyPatch): ToolPolicy {
  const tools = { ...(policy ?? DEFAULT_TOOL_POLICY).tools };
  for (const [name, value] of Object.entries(patch.tools ?? {})) {
    if (value === null) delete tools[name];
    else tools[name] = value;
  }
  return { default: patch.default ?? policy?.default ?? DEFAULT_TOOL_POLICY.default, tools };
}

/**
 * What applies to one tool: its own setting, else the server's default, except that with the
 * default 'ask' a tool its server annotates read-only (MCP `readOnlyHint`) runs unasked. Hints
 * are the server's word, untrusted: a tool's own setting always wins.
 */
export function resolveToolPolicy(
  policy: ToolPolicy | undefined,
  tool: { name: string; annotations?: { readOnlyHint?: boolean | undefined } | undefined },
): ToolPolicyValue {
  const current = policy ?? DEFAULT_TOOL_POLICY;
  // Own keys only: a tool named `constructor` must not find Object's.
  if (Object.hasOwn(current.tools, tool.name)) return current.tools[tool.name] as ToolPolicyValue;
  return current.default === 'ask' && tool.annotations?.readOnlyHint === true ? 'allow' : current.default;
}

export const TOOL_APPROVAL_DECISIONS = ['allow_once', 'always_allow', 'deny'] as const;
export type ToolApprovalDecision = (typeof TOOL_APPROVAL_DECISIONS)[number];

/** A reply paused at a tool call: the call, and whether (and how) the user decided. */
export const toolApprovalSchema = z.object({
  toolCallId: z.string(),
  name: z.string(),
  input: z.unknown(),
  serverId: z.string(),
  /** The tool's own name on its server, when the model called it by a namespaced one (several servers). */
  serverTool: z.optional(z.string()),
  state: z.enum(['pending', ...TOOL_APPROVAL_DECISIONS]),
  /** Epoch milliseconds of the decision. */
  decidedAt: z.optional(z.number()),
});
export type ToolApproval = z.infer<typeof toolApprovalSchema>;

/**
 * The stream's query for a decision: the paused reply goes on in the same message (its tool's
 * result, or the refusal, handed to the model).
 */
export const toolApprovalQueryFields = {
  approvalFor: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))),
  toolCallId: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))),
  decision: z.optional(z.enum(TOOL_APPROVAL_DECISIONS)),
};
