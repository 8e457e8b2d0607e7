import type { IncomingMessage, ServerResponse } from 'node:http';
import { toolCallStartSchema } from '@agentforge/shared';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import * as zm from 'zod/mini';
import { type CallRegistry, TooManyCallsError } from './call-registry.js';
import { relay } from './forwarding-server.js';

/** No read waits longer: the gateway must answer within API Gateway's 29 s. */
export const MAX_WAIT_MS = 20_000;
const MAX_BODY_BYTES = 256 * 1024;

/** Who started a call (the gateway's caller): only they may read or cancel it. */
export const CALL_OWNER_HEADER = 'x-call-owner';

const waitMs = z.coerce.number().int().min(0).max(MAX_WAIT_MS).default(0);
const startBody = zm.extend(toolCallStartSchema, { waitMs });
const readQuery = z.object({ after: z.coerce.number().int().min(0).default(0), waitMs });

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};
const refuse = (res: ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { code, message });

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/**
 * `/calls` (POST: start, waiting up to `waitMs` for the result), `/calls/<id>` (GET: the call's
 * progress after `after`, a long poll of up to `waitMs`; DELETE: cancel), behind the bridge token
 * (checked by the caller). A tool call runs on the package's one client, with a progress token:
 * cancelling aborts its request, which sends the package `notifications/cancelled`.
 */
export function createCallRoutes(deps: { registry: CallRegistry; client: Client; callMaxMs: number }) {
  const { registry } = deps;
  return async (req: IncomingMessage, res: ServerResponse, path: string, onCall: () => () => void) => {
    const owner = req.headers[CALL_OWNER_HEADER];
    if (typeof owner !== 'string' || !owner) {
      refuse(res, 400, 'VALIDATION_ERROR', `The ${CALL_OWNER_HEADER} header is required.`);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://bridge');
    const callId = path.startsWith('/calls/') ? decodeURIComponent(path.slice('/calls/'.length)) : undefined;

    if (!callId && req.method === 'POST') {
      const parsed = startBody.safeParse(await readJson(req).catch(() => undefined));
      if (!parsed.success) {
        refuse(res, 400, 'VALIDATION_ERROR', 'Expected {name, arguments?, waitMs?}.');
        return;
      }
      const { name, arguments: args, waitMs: wait } = parsed.data;
      let id: string;
      try {
        id = registry.start(owner, async (signal, onProgress) => {
          const end = onCall();
          try {
            return await relay(
              deps.client.request(
                { method: 'tools/call', params: { name, arguments: args ?? {} } },
                CallToolResultSchema,
                { signal, timeout: deps.callMaxMs, maxTotalTimeout: deps.callMaxMs, onprogress: onProgress },
              ),
            );
          } finally {
            end();
          }
        });
      } catch (error) {
        if (!(error instanceof TooManyCallsError)) throw error;
        refuse(
          res,
          429,
          'TOO_MANY_CALLS',
          'This server has too many tool calls running; try again when one ends.',
        );
        return;
      }
      // A short call answers in this one round trip even when it reports progress on its way.
      json(res, 202, await registry.read(id, owner, 0, wait, 'end'));
      return;
    }
    if (callId && (req.method === 'GET' || req.method === 'DELETE')) {
      const query = readQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) {
        refuse(res, 400, 'VALIDATION_ERROR', 'Expected after and waitMs as numbers.');
        return;
      }
      const call =
        req.method === 'GET'
          ? await registry.read(callId, owner, query.data.after, query.data.waitMs)
          : registry.cancel(callId, owner);
      if (call) json(res, 200, call);
      else refuse(res, 404, 'NOT_FOUND', 'No such tool call (it ended a while ago, or never started).');
      return;
    }
    refuse(res, 405, 'METHOD_NOT_ALLOWED', 'POST /calls, GET or DELETE /calls/<id>.');
  };
}
