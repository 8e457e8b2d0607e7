import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AdminCredentials } from '../cognito/admin-auth.js';
import { close, listen } from '../net.js';
import { queryPairs, verifySigV4 } from '../s3/sigv4.js';
import { createScheduleStore, nextFiring, type StoredSchedule } from './schedule-store.js';

/**
 * The local stand-in for EventBridge Scheduler: the REST-JSON API @aws-sdk/client-scheduler speaks
 * (Create/Get/Update/Delete/ListSchedules under /schedules), every request SigV4-signed with the
 * local stack's credentials, the schedules kept under the data directory. Each enabled schedule
 * fires at its times (the expression in its time zone, as functions/…/schedule.ts evaluates it) by
 * invoking its target with its Input: `invoke` runs the function in this process. No flexible
 * window, retries or dead-letter queue: a failed invocation is logged.
 */
export interface LocalSchedulerOptions {
  port: number;
  dataDir: string;
  credentials: AdminCredentials;
  /** The schedule groups that exist (besides `default`). */
  groups: readonly string[];
  invoke: (targetArn: string, input: string) => Promise<unknown>;
  /** How often due schedules are looked for (default 5 s); 0: never by itself (tests call fireDue). */
  tickMs?: number;
  now?: () => number;
}

export interface LocalScheduler {
  endpoint: string;
  port: number;
  /** Fires every schedule due at `at` (default now); resolves once their invocations ended. */
  fireDue(at?: number): Promise<number>;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024;
const NAME = /^[0-9a-zA-Z\-_.]{1,64}$/;

class SchedulerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new SchedulerError(413, 'ValidationException', 'Request too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function scheduleFrom(name: string, body: Record<string, unknown>, now: number): StoredSchedule {
  const target = body.Target as StoredSchedule['Target'] | undefined;
  const expression = body.ScheduleExpression;
  const window = body.FlexibleTimeWindow as StoredSchedule['FlexibleTimeWindow'] | undefined;
  if (typeof expression !== 'string' || !target?.Arn || !target.RoleArn || !window?.Mode) {
    throw new SchedulerError(
      400,
      'ValidationException',
      'ScheduleExpression, FlexibleTimeWindow and Target are required',
    );
  }
  const schedule: StoredSchedule = {
    Name: name,
    GroupName: typeof body.GroupName === 'string' ? body.GroupName : 'default',
    ScheduleExpression: expression,
    ScheduleExpressionTimezone:
      typeof body.ScheduleExpressionTimezone === 'string' ? body.ScheduleExpressionTimezone : 'UTC',
    State: body.State === 'DISABLED' ? 'DISABLED' : 'ENABLED',
    ...(typeof body.Description === 'string' ? { Description: body.Description } : {}),
    FlexibleTimeWindow: window,
    Target: target,
    CreationDate: Math.floor(now / 1000),
    LastModificationDate: Math.floor(now / 1000),
  };
  try {
    const next = nextFiring(schedule, now);
    return next === undefined ? schedule : { ...schedule, nextRunAt: next };
  } catch {
    throw new SchedulerError(400, 'ValidationException', `Invalid Schedule Expression ${expression}.`);
  }
}

export async function startLocalScheduler(options: LocalSchedulerOptions): Promise<LocalScheduler> {
  const now = options.now ?? Date.now;
  const store = createScheduleStore(join(options.dataDir, 'schedules.json'));
  const groups = new Set(['default', ...options.groups]);
  const arnOf = (s: { GroupName: string; Name: string }) =>
    `arn:aws:scheduler:us-east-1:000000000000:schedule/${s.GroupName}/${s.Name}`;

  function found(group: string, name: string): StoredSchedule {
    const schedule = store.get(group, name);
    if (!schedule)
      throw new SchedulerError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    return schedule;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const body = await readBody(req);
    const verdict = verifySigV4(
      options.credentials,
      { method, url, headers: req.headers, bodySha256: createHash('sha256').update(body).digest('hex') },
      'scheduler',
      now(),
    );
    if (!verdict.ok) throw new SchedulerError(verdict.status, 'UnrecognizedClientException', verdict.message);
    const [path = '/', query = ''] = url.split('?');
    const param = (key: string) => (queryPairs(query) ?? []).find(([name]) => name === key)?.[1];
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (segments[0] !== 'schedules' || segments.length > 2)
      throw new SchedulerError(404, 'NotFound', 'Not found');
    if (segments.length === 1 && method === 'GET') {
      const group = param('ScheduleGroup');
      const prefix = param('NamePrefix') ?? '';
      const state = param('State');
      const matching = store
        .list()
        .filter(
          (s) =>
            (!group || s.GroupName === group) && s.Name.startsWith(prefix) && (!state || s.State === state),
        );
      const start = Number(param('NextToken') ?? 0) || 0;
      const size = Math.min(Number(param('MaxResults') ?? 100) || 100, 100);
      const page = matching.slice(start, start + size);
      return send(res, 200, {
        Schedules: page.map((s) => ({
          Arn: arnOf(s),
          Name: s.Name,
          GroupName: s.GroupName,
          State: s.State,
          CreationDate: s.CreationDate,
          LastModificationDate: s.LastModificationDate,
          Target: { Arn: s.Target.Arn },
        })),
        ...(start + size < matching.length ? { NextToken: String(start + size) } : {}),
      });
    }
    const name = segments[1] ?? '';
    if (!NAME.test(name)) throw new SchedulerError(400, 'ValidationException', 'Invalid schedule name');
    const input = body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
    const group = (typeof input.GroupName === 'string' ? input.GroupName : param('groupName')) ?? 'default';
    if (!groups.has(group)) {
      throw new SchedulerError(404, 'ResourceNotFoundException', `Schedule group ${group} does not exist.`);
    }
    switch (method) {
      case 'POST': {
        if (store.get(group, name))
          throw new SchedulerError(409, 'ConflictException', `Schedule ${name} already exists.`);
        const schedule = scheduleFrom(name, { ...input, GroupName: group }, now());
        store.put(schedule);
        return send(res, 200, { ScheduleArn: arnOf(schedule) });
      }
      case 'PUT': {
        const existing = found(group, name);
        const schedule = scheduleFrom(name, { ...input, GroupName: group }, now());
        store.put({ ...schedule, CreationDate: existing.CreationDate });
        return send(res, 200, { ScheduleArn: arnOf(schedule) });
      }
      case 'GET': {
        const { nextRunAt: _next, ...schedule } = found(group, name);
        return send(res, 200, { Arn: arnOf(schedule), ...schedule });
      }
      case 'DELETE':
        found(group, name);
        store.delete(group, name);
        return send(res, 200, {});
      default:
        throw new SchedulerError(405, 'ValidationException', 'Method not allowed');
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const known = error instanceof SchedulerError;
      const status = known ? error.status : error instanceof SyntaxError ? 400 : 500;
      const code = known
        ? error.code
        : error instanceof SyntaxError
          ? 'ValidationException'
          : 'InternalServerException';
      send(
        res,
        status,
        { Message: error instanceof Error ? error.message : String(error) },
        { 'x-amzn-ErrorType': code },
      );
    });
  });
  const port = await listen(server, options.port);

  let firing: Promise<unknown> = Promise.resolve();
  async function fireDue(at = now()): Promise<number> {
    const due = store.takeDue(at);
    await Promise.all(
      due.map((schedule) =>
        options
          .invoke(schedule.Target.Arn, schedule.Target.Input ?? '{}')
          .catch((error: unknown) => console.error(`[scheduler] ${schedule.Name}:`, error)),
      ),
    );
    return due.length;
  }
  const timer =
    options.tickMs === 0
      ? undefined
      : setInterval(() => {
          firing = firing.then(() => fireDue());
        }, options.tickMs ?? 5_000);
  timer?.unref();

  return {
    endpoint: `http://localhost:${port}`,
    port,
    fireDue,
    async stop() {
      if (timer) clearInterval(timer);
      await firing;
      await close(server);
    },
  };
}
