import { type ToolCallRun, toolCallRunSchema } from '@agentforge/shared';
import { NotFoundError, RateLimitedError } from '../../domain/errors.js';
import { BridgeUnreachableError } from './bridge-forwarder.js';

/** The bridge's header naming who started a call (runner/call-routes.ts CALL_OWNER_HEADER). */
const CALL_OWNER_HEADER = 'x-call-owner';
/** Time for the bridge to answer past the long poll's wait, still inside API Gateway's 29 s. */
const ANSWER_MARGIN_MS = 4_000;

export interface BridgeCallTarget {
  endpoint: string;
  bridgeToken: string;
  /** The person calling: only they may read or cancel the call. */
  owner: string;
}

/**
 * One request to the bridge's `/calls` routes (start, read progress, cancel). The bridge shares its
 * container with an untrusted package, so its answer is validated before it goes on.
 */
export async function callBridge(
  target: BridgeCallTarget,
  request: { method: 'POST' | 'GET' | 'DELETE'; path: string; body?: unknown; waitMs: number },
): Promise<ToolCallRun> {
  let response: Response;
  try {
    response = await fetch(`${target.endpoint}${request.path}`, {
      method: request.method,
      headers: {
        Authorization: `Bearer ${target.bridgeToken}`,
        [CALL_OWNER_HEADER]: target.owner,
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(request.waitMs + ANSWER_MARGIN_MS),
    });
  } catch (error) {
    throw new BridgeUnreachableError('The MCP server did not answer. It may still be starting; try again.', {
      cause: error,
    });
  }
  if (response.status === 404) {
    throw new NotFoundError('This tool call is not running (it ended a while ago, or never started).');
  }
  if (response.status === 429) {
    throw new RateLimitedError('This server has too many tool calls running; try again when one ends.');
  }
  const parsed = toolCallRunSchema.safeParse(await response.json().catch(() => undefined));
  if (!response.ok || !parsed.success) {
    throw new BridgeUnreachableError(`The MCP server's bridge answered ${response.status} unexpectedly.`);
  }
  return parsed.data;
}
