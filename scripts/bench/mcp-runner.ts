/**
 * The MCP runtime, measured side by side in one run: enable-to-running time of the local runner
 * (package installed; with and without the bubblewrap sandbox) and tool-call latency through the
 * bridge (HTTP + bearer + stateless transport + shared stdio client) against a direct stdio client
 * of the same package. `npx tsx scripts/bench/mcp-runner.ts` runs it alone.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createLocalRunner, type LocalRunner } from '../../functions/src/adapters/mcp-runner/local-runner.js';
import { findInstalledBin } from '../../functions/src/runner/launch.js';

const PACKAGE = '@modelcontextprotocol/server-everything';
const CALLS = 200;
const STARTS = 4;

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0).padStart(7)} ms`;

async function untilRunning(runner: LocalRunner, runId: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await runner.describe(runId);
    if (status.phase === 'running' && status.health === 'running') return status.endpoint ?? '';
    if (status.phase === 'stopped' || Date.now() > deadline)
      throw new Error(`Did not start: ${status.error}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startTimes(runner: LocalRunner, label: string, count = STARTS): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const { runId } = await runner.start({
      serverId: `bench-${label}-${i}`,
      userId: 'bench',
      packageName: PACKAGE,
      environment: {},
      idleTimeoutMinutes: 5,
      bridgeToken: randomBytes(24).toString('base64url'),
    });
    await untilRunning(runner, runId);
    times.push(performance.now() - started);
    await runner.stop(runId, 'bench');
  }
  return times;
}

async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

export async function benchMcpRunner(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agentforge-bench-mcp-'));
  const sandboxed = createLocalRunner({ dataDir: join(dataDir, 'bwrap') });
  const plain = createLocalRunner({ dataDir: join(dataDir, 'plain'), sandbox: 'none' });
  const clients: Client[] = [];
  try {
    console.log(`\nMCP runner (${PACKAGE}, installed; local runner, bridge bundled with esbuild)`);
    const [first = Number.NaN] = await startTimes(sandboxed, 'first', 1);
    await startTimes(plain, 'first', 1);
    console.log(`  first enable (also bundles the bridge):        ${fmt(first)}`);
    const withSandbox = await startTimes(sandboxed, 'bwrap');
    const withoutSandbox = await startTimes(plain, 'plain');
    console.log(`  enable -> running, bubblewrap (median of ${STARTS}): ${fmt(quantile(withSandbox, 0.5))}`);
    console.log(
      `  enable -> running, no sandbox (median of ${STARTS}): ${fmt(quantile(withoutSandbox, 0.5))}`,
    );

    const token = randomBytes(24).toString('base64url');
    const { runId } = await sandboxed.start({
      serverId: 'bench-calls',
      userId: 'bench',
      packageName: PACKAGE,
      environment: {},
      idleTimeoutMinutes: 5,
      bridgeToken: token,
    });
    const endpoint = await untilRunning(sandboxed, runId);
    const viaBridge = new Client({ name: 'bench', version: '1.0.0' });
    clients.push(viaBridge);
    await viaBridge.connect(
      new StreamableHTTPClientTransport(new URL(`${endpoint}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const bin = findInstalledBin(PACKAGE, join(import.meta.dirname, '../../functions/src/runner'));
    if (!bin) throw new Error(`${PACKAGE} is not installed`);
    const direct = new Client({ name: 'bench', version: '1.0.0' });
    clients.push(direct);
    await direct.connect(
      new StdioClientTransport({ command: process.execPath, args: [bin], stderr: 'ignore' }),
    );

    const echo = (client: Client, n: number) =>
      client.callTool({ name: 'echo', arguments: { message: `m${n}` } });
    for (let n = 0; n < 20; n += 1) await Promise.all([echo(viaBridge, n), echo(direct, n)]);
    const bridged: number[] = [];
    const stdio: number[] = [];
    for (let n = 0; n < CALLS; n += 1) {
      // Alternate so both see the same machine load.
      bridged.push(await timed(() => echo(viaBridge, n)));
      stdio.push(await timed(() => echo(direct, n)));
    }
    const row = (label: string, values: number[]) =>
      console.log(`  ${label} median ${fmt(quantile(values, 0.5))}   p95 ${fmt(quantile(values, 0.95))}`);
    console.log(`  tool call (echo), ${CALLS} sequential calls each:`);
    row('through the bridge (HTTP):', bridged);
    row('direct stdio client:      ', stdio);
    console.log(`  added by the bridge: median ${fmt(quantile(bridged, 0.5) - quantile(stdio, 0.5))}`);
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await Promise.all([sandboxed.stopAll('bench over'), plain.stopAll('bench over')]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchMcpRunner();
}
