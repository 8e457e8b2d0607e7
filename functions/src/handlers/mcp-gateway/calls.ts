import type { ToolCallRun } from '@agentforge/shared';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { BridgeCallTarget } from '../../adapters/mcp-client/bridge-calls.js';
import { mcpServerService } from '../../composition/mcp.js';
import type { Caller } from '../../domain/caller.js';
import { serverActor } from './server-actor.js';

/** The longest a read waits for progress: each request stays well under API Gateway's 29 s. */
const MAX_WAIT_MS = 20_000;
/** Start waits this long for the result, so a short call answers in one round trip. */
const START_WAIT_MS = 5_000;

/** MCP_CALL_WAIT_MS (read per request, so tests may shorten it), at most MAX_WAIT_MS. */
export function readWaitMs(): number {
  const wanted = Number(process.env.MCP_CALL_WAIT_MS);
  return Number.isFinite(wanted) && wanted > 0 ? Math.min(wanted, MAX_WAIT_MS) : MAX_WAIT_MS;
}
export const startWaitMs = () => Math.min(START_WAIT_MS, readWaitMs());

/**
 * A long tool call's route on the caller's server, authorized exactly as the gateway's tool calls
 * (the owner, a member of the owning team; a per-member server's own instance; an automation run's
 * credential as its person: server-actor.ts), then the activity the reaper reads. The call belongs
 * to the person calling.
 */
export async function onCallersServer(
  caller: Caller,
  event: APIGatewayProxyEvent,
  serverId: string,
  request: (target: BridgeCallTarget) => Promise<ToolCallRun>,
): Promise<{ statusCode: number; body: ToolCallRun }> {
  const servers = mcpServerService();
  const actor = await serverActor(caller, event, serverId);
  const record = await servers.runOf(actor, serverId);
  const call = await request({ ...servers.gatewayTarget(record), owner: actor.memberId ?? actor.userId });
  await servers.recordActivity(record);
  return { statusCode: 200, body: call };
}

export const callPath = (callId: string) => `/calls/${encodeURIComponent(callId)}`;
