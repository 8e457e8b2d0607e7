import {
  apiErrorMessageFromBody,
  CHAT_MESSAGES,
  MAX_TOOL_CALL_MINUTES,
  type ToolCallRun,
  type ToolProgress,
  toolCallRunSchema,
} from '@agentforge/shared';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolResult } from '../../domain/chat/ports.js';
import { logger } from '../../logger.js';

/** Each request's own limit: the gateway answers a long poll within 25 s. */
const REQUEST_TIMEOUT_MS = 30_000;
/** A server reporting progress many times a second is read at most this often (the API's rate). */
const MIN_READ_INTERVAL_MS = 500;

/** MAX_TOOL_CALL_SECONDS (read per call, so tests may shorten it), else MAX_TOOL_CALL_MINUTES. */
export function maxToolCallMs(): number {
  const seconds = Number(process.env.MAX_TOOL_CALL_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : MAX_TOOL_CALL_MINUTES * 60) * 1000;
}

export const spelled = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}` : `${Math.round(ms / 1000)} seconds`;

export interface ContentBlock {
  type: string;
  text?: string;
}

/** What the model gets back from a tool: its text blocks; other blocks named by type. */
export function toolResultText(content: readonly ContentBlock[] | undefined): string {
  return (content ?? [])
    .map((block) => (block.type === 'text' ? (block.text ?? '') : `[${block.type}]`))
    .join('\n');
}

/**
 * One tool call through the gateway's call routes (`<serverUrl>/calls`): started, then read as
 * long polls until it ends, each progress report handed to `onProgress`. Stop (`signal`) cancels
 * it on the server; past the longest a call may run, it is cancelled and its result says so.
 */
export async function runLongToolCall(input: {
  serverUrl: string;
  headers: Readonly<Record<string, string>>;
  name: string;
  arguments: Record<string, unknown>;
  signal: AbortSignal;
  onProgress?: ((progress: ToolProgress) => void) | undefined;
}): Promise<ToolResult> {
  const { serverUrl, headers, signal } = input;
  async function request(method: 'POST' | 'GET' | 'DELETE', path: string, body?: unknown) {
    const response = await fetch(`${serverUrl}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal:
        method === 'DELETE'
          ? AbortSignal.timeout(REQUEST_TIMEOUT_MS)
          : AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new Error(apiErrorMessageFromBody(json, response.status));
    return toolCallRunSchema.parse(json);
  }

  const limitMs = maxToolCallMs();
  const deadline = Date.now() + limitMs;
  let call: ToolCallRun = await request('POST', '/calls', { name: input.name, arguments: input.arguments });
  const callPath = `/calls/${encodeURIComponent(call.callId)}`;
  const cancel = () =>
    request('DELETE', callPath).catch((error: unknown) => logger.warn('tool call not cancelled', { error }));
  const onStop = () => void cancel();
  signal.addEventListener('abort', onStop, { once: true });
  try {
    let seen = 0;
    let lastRead = Date.now();
    for (;;) {
      for (const progress of call.progress) {
        if (progress.seq <= seen) continue;
        seen = progress.seq;
        const { seq: _seq, ...reported } = progress;
        input.onProgress?.(reported);
      }
      if (call.status !== 'running') break;
      if (Date.now() >= deadline) {
        await cancel();
        return { content: CHAT_MESSAGES.toolCallTooLong(spelled(limitMs)), isError: true };
      }
      const wait = lastRead + MIN_READ_INTERVAL_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      signal.throwIfAborted();
      lastRead = Date.now();
      call = await request('GET', `${callPath}?after=${seen}`);
    }
  } finally {
    signal.removeEventListener('abort', onStop);
  }
  if (call.status !== 'done')
    return { content: call.error ?? `The tool call ended: ${call.status}.`, isError: true };
  const result = CallToolResultSchema.safeParse(call.result);
  if (!result.success)
    return { content: 'The MCP server answered with something that is not a tool result.', isError: true };
  return {
    content: toolResultText(result.data.content as ContentBlock[]),
    isError: result.data.isError === true,
  };
}
