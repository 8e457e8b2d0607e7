import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRunner, type LocalRunner } from '../../functions/src/adapters/mcp-runner/local-runner.js';
import type { RunnerStartRequest, RunnerStatus } from '../../functions/src/domain/mcp/server-runner.js';
import { findExecutable } from '../../functions/src/runner/launch.js';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'test/fixtures/mcp');
const EVERYTHING = '@modelcontextprotocol/server-everything';

let dataDir: string;
let runner: LocalRunner;

beforeAll(async () => {
  // The sandbox test must run, not skip: install bubblewrap where it is missing.
  if (!findExecutable('bwrap', process.env.PATH ?? '')) {
    execFileSync('bash', [join(ROOT, 'scripts/ensure-system-packages.sh'), 'bubblewrap'], {
      stdio: 'inherit',
    });
  }
  dataDir = await mkdtemp(join(tmpdir(), 'mcp-runner-test-'));
  runner = createLocalRunner({ dataDir, exitGraceMs: 1500, allowLocalPackages: true });
}, 300_000);

afterAll(async () => {
  await runner?.stopAll('test over');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

let serverCount = 0;
function request(overrides: Partial<RunnerStartRequest> = {}): RunnerStartRequest {
  serverCount += 1;
  return {
    serverId: `server-${serverCount}`,
    userId: 'user-1',
    packageName: EVERYTHING,
    environment: {},
    idleTimeoutMinutes: 5,
    bridgeToken: randomBytes(24).toString('base64url'),
    ...overrides,
  };
}

async function waitFor(
  runId: string,
  done: (status: RunnerStatus) => boolean,
  timeoutMs = 20_000,
): Promise<RunnerStatus> {
  const deadline = Date.now() + timeoutMs;
  const seen: RunnerStatus[] = [];
  for (;;) {
    const status = await runner.describe(runId);
    seen.push(status);
    if (done(status)) return status;
    if (Date.now() > deadline) throw new Error(`Timed out; last statuses: ${JSON.stringify(seen.slice(-3))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const isRunning = (status: RunnerStatus) => status.phase === 'running' && status.health === 'running';

async function connect(endpoint: string, token: string): Promise<Client> {
  const client = new Client({ name: 'runner-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${endpoint}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>): string => {
  const [first] = result.content as Array<{ type: string; text?: string }>;
  return first?.text ?? '';
};

describe('local MCP runner', () => {
  it('starts an installed package behind the bridge and serves its tools with a bearer token', async () => {
    const start = request({ environment: { EVERYTHING_SECRET: 'do-not-reveal-123' } });
    const { runId } = await runner.start(start);
    expect(await runner.describe(runId)).toMatchObject({ phase: 'pending' });
    const running = await waitFor(runId, isRunning);
    expect(running.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.startedAt).toBeTypeOf('number');
    const endpoint = running.endpoint ?? '';

    const client = await connect(endpoint, start.bridgeToken);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('echo');
    const result = await client.callTool({ name: 'echo', arguments: { message: 'hello bridge' } });
    expect(textOf(result)).toBe('Echo: hello bridge');
    // Many calls share the one package process.
    const replies = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => client.callTool({ name: 'echo', arguments: { message: `m${n}` } })),
    );
    expect(replies.map(textOf)).toEqual(['Echo: m1', 'Echo: m2', 'Echo: m3', 'Echo: m4', 'Echo: m5']);
    await client.close();

    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const missing = await fetch(`${endpoint}/mcp`, { method: 'POST', headers, body });
    expect(missing.status).toBe(401);
    const wrong = await fetch(`${endpoint}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${start.bridgeToken}x` },
      body,
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${endpoint}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${start.bridgeToken}` },
      body,
    });
    expect(right.status).toBe(200);

    // Without the bridge token, /healthz says only the status.
    expect(await (await fetch(`${endpoint}/healthz`)).json()).toEqual({ status: 'ok' });
    const healthz = await fetch(`${endpoint}/healthz`, {
      headers: { authorization: `Bearer ${start.bridgeToken}` },
    });
    const health = await healthz.text();
    expect(JSON.parse(health)).toMatchObject({ status: 'ok', startedAt: expect.any(Number) });
    expect(JSON.parse(health).lastActivityAt).toBeGreaterThanOrEqual(JSON.parse(health).startedAt);
    expect(health).not.toContain(start.bridgeToken);
    expect(health).not.toContain('do-not-reveal-123');

    await runner.stop(runId, 'disabled');
    const stopped = await runner.describe(runId);
    expect(stopped).toMatchObject({ phase: 'stopped', stoppedAt: expect.any(Number) });
    expect(stopped.error).toBeUndefined();
    await expect(runner.stop(runId, 'again')).resolves.toBeUndefined();
    await expect(runner.stop('local-unknown', 'never started')).resolves.toBeUndefined();
    expect(await runner.describe('local-unknown')).toEqual({ phase: 'stopped' });
    await expect(fetch(`${endpoint}/healthz`)).rejects.toThrow();
  });

  it('exits by itself when idle', async () => {
    const start = request({ idleTimeoutMinutes: 1500 / 60_000 });
    const { runId } = await runner.start(start);
    const running = await waitFor(runId, isRunning);
    const client = await connect(running.endpoint ?? '', start.bridgeToken);
    await client.callTool({ name: 'echo', arguments: { message: 'keep me' } });
    await client.close();
    const stopped = await waitFor(runId, (status) => status.phase === 'stopped', 10_000);
    expect(stopped.error).toBeUndefined();
    expect((stopped.stoppedAt ?? 0) - (stopped.startedAt ?? 0)).toBeGreaterThanOrEqual(1500);
  });

  it('reports a package that cannot start: health error, then stopped with its output', async () => {
    const start = request({
      packageName: `file:${join(FIXTURES, 'crash')}`,
      environment: { CRASH_FIXTURE_TOKEN: 'crash-secret-value' },
    });
    const { runId } = await runner.start(start);
    const failing = await waitFor(runId, (status) => status.health === 'error' || status.phase === 'stopped');
    expect(failing).toMatchObject({ phase: 'running', health: 'error' });
    expect(failing.error).toContain('Package exited with code 1');
    expect(failing.error).toContain('CRASH_FIXTURE_TOKEN is invalid (***)');

    const stopped = await waitFor(runId, (status) => status.phase === 'stopped');
    expect(stopped.error).toBe(failing.error);
    expect(stopped.error).not.toContain('crash-secret-value');
  });

  it('sandboxes the package: only its own env values, writable private dir only, local data hidden', async () => {
    const parentSecret = `parent-secret-${randomBytes(8).toString('hex')}`;
    process.env.MCP_RUNNER_TEST_SECRET = parentSecret;
    const keyFile = join(dataDir, 'local-secrets.key');
    await writeFile(keyFile, 'local stack key');
    const start = request({
      packageName: `file:${join(FIXTURES, 'sandbox-probe')}`,
      environment: { PROBE_VALUE: 'visible-to-the-package' },
    });
    const privateDir = join(dataDir, 'mcp', start.serverId);
    try {
      const { runId } = await runner.start(start);
      const running = await waitFor(runId, isRunning);
      const client = await connect(running.endpoint ?? '', start.bridgeToken);
      const call = async (name: string, args: Record<string, unknown> = {}) =>
        textOf(await client.callTool({ name, arguments: args }));

      const log = await readFile(join(dataDir, 'mcp', `${start.serverId}.log`), 'utf8');
      expect(log, 'the bridge did not sandbox the package').toContain('"sandboxed":true');

      const { env, cwd } = JSON.parse(await call('read_env')) as { env: Record<string, string>; cwd: string };
      expect(env.PROBE_VALUE).toBe('visible-to-the-package');
      expect(Object.keys(env).sort()).toEqual(
        expect.arrayContaining(['HOME', 'PATH', 'PROBE_VALUE', 'TMPDIR']),
      );
      // Only its own values, the three the bridge sets, and the PWD bubblewrap sets on --chdir.
      expect(
        Object.keys(env).filter((key) => !['HOME', 'PATH', 'PROBE_VALUE', 'TMPDIR', 'PWD'].includes(key)),
      ).toEqual([]);
      expect(JSON.stringify(env)).not.toContain(parentSecret);
      expect(env.HOME?.startsWith(privateDir)).toBe(true);
      expect(env.TMPDIR?.startsWith(privateDir)).toBe(true);
      expect(cwd).toBe(privateDir);

      const inside = join(privateDir, 'probe-output.txt');
      expect(await call('write_file', { path: inside })).toBe(`ok: ${inside}`);
      expect(await readFile(inside, 'utf8')).toBe('written by the sandbox probe');
      expect(await call('write_file', { path: '/root/sandbox-escape.txt' })).toMatch(
        /^failed: (EROFS|EACCES|ENOENT)/,
      );
      // Outside /tmp the root is read-only; under /tmp (a checkout there, as CI's may be) the write
      // lands in the sandbox's private tmpfs. Either way it never reaches the host.
      const inCheckout = join(ROOT, 'sandbox-escape.txt');
      const written = await call('write_file', { path: inCheckout });
      if (!ROOT.startsWith('/tmp/')) expect(written).toMatch(/^failed: (EROFS|EACCES|ENOENT)/);
      expect(existsSync(inCheckout)).toBe(false);
      expect(existsSync('/root/sandbox-escape.txt')).toBe(false);
      expect(await call('read_file', { path: keyFile })).toBe('failed: ENOENT');
      // /tmp (and so the data dir's path when it lives there) is a private tmpfs: what the package
      // writes there never reaches the host.
      for (const inTmp of ['/tmp/inside-sandbox.txt', join(dataDir, 'x.txt')]) {
        await call('write_file', { path: inTmp });
        expect(existsSync(inTmp)).toBe(false);
      }

      // The package dying while running: health error, then stopped with its exit and output.
      await call('exit', { code: 3 });
      await client.close();
      const stopped = await waitFor(runId, (status) => status.phase === 'stopped');
      expect(stopped.error).toContain('Package exited with code 3');
      expect(stopped.error).toContain('probe exiting with 3 on request');
    } finally {
      delete process.env.MCP_RUNNER_TEST_SECRET;
    }
  });
});
