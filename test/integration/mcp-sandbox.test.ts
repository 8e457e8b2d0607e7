import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { dirname, join, relative } from 'node:path';
import { errorMessage } from '@agentforge/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRunner, type LocalRunner } from '../../functions/src/adapters/mcp-runner/local-runner.js';
import type { RunnerStatus } from '../../functions/src/domain/mcp/server-runner.js';
import { startTestStack } from '../support/local-stack.js';

/**
 * A hostile package (the sandbox probe's tools) in the local runner's sandbox, beside a running
 * local stack, as root (as CI runs): every move toward the platform fails; only an outbound
 * connection to a test host in a network namespace of its own (a public-range address, like the
 * internet) works.
 */
const ROOT = join(import.meta.dirname, '../..');
const PROBE = `file:${join(ROOT, 'test/fixtures/mcp/sandbox-probe')}`;
const PEER = {
  namespace: `agentforge-peer-${randomBytes(3).toString('hex')}`,
  host: '198.51.100.2',
  port: 8443,
};
const PEER_HOST_SIDE = '198.51.100.1/24';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let runner: LocalRunner;
let client: Client;
let peer: { server: ChildProcess; close(): void } | undefined;
let peerProblem: string | undefined;

const text = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text: string }[]).map((block) => block.text).join('');
const call = async (name: string, args: Record<string, unknown> = {}) =>
  text(await client.callTool({ name, arguments: args }));
const portOf = (url: string) => Number(new URL(url).port);

/** A test host in its own network namespace, joined to this one by a veth pair. */
async function startPeer(): Promise<{ server: ChildProcess; close(): void }> {
  const veth = `afv${randomBytes(3).toString('hex')}`;
  const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
  const close = () => {
    try {
      ip('netns', 'delete', PEER.namespace);
    } catch {}
    try {
      ip('link', 'delete', veth);
    } catch {}
  };
  try {
    ip('netns', 'add', PEER.namespace);
    ip('link', 'add', veth, 'type', 'veth', 'peer', 'name', `${veth}p`);
    ip('link', 'set', `${veth}p`, 'netns', PEER.namespace);
    ip('addr', 'add', PEER_HOST_SIDE, 'dev', veth);
    ip('link', 'set', veth, 'up');
    ip('netns', 'exec', PEER.namespace, 'ip', 'addr', 'add', `${PEER.host}/24`, 'dev', `${veth}p`);
    ip('netns', 'exec', PEER.namespace, 'ip', 'link', 'set', `${veth}p`, 'up');
    ip('netns', 'exec', PEER.namespace, 'ip', 'link', 'set', 'lo', 'up');
    const server = spawn(
      'ip',
      [
        'netns',
        'exec',
        PEER.namespace,
        process.execPath,
        '-e',
        `require('net').createServer((s) => s.end('hello')).listen(${PEER.port}, '${PEER.host}', () => console.log('listening'))`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await once(server.stdout as NodeJS.ReadableStream, 'data');
    return {
      server,
      close: () => {
        server.kill();
        close();
      },
    };
  } catch (error) {
    close();
    throw error;
  }
}

async function waitFor(runId: string, done: (status: RunnerStatus) => boolean): Promise<RunnerStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await runner.describe(runId);
    if (done(status) || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  stack = await startTestStack({ web: false });
  try {
    peer = await startPeer();
  } catch (error) {
    peerProblem = errorMessage(error);
  }
  runner = createLocalRunner({ dataDir: stack.dataDir, exitGraceMs: 1500, allowLocalPackages: true });
  const bridgeToken = randomBytes(16).toString('hex');
  const { runId } = await runner.start({
    userId: 'hostile-user',
    serverId: `probe${randomBytes(4).toString('hex')}`,
    packageName: PROBE,
    environment: {},
    idleTimeoutMinutes: 5,
    bridgeToken,
  });
  const running = await waitFor(runId, (status) => status.phase === 'running' && status.health === 'running');
  client = new Client({ name: 'sandbox-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${running.endpoint}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${bridgeToken}` } },
    }),
  );
}, 120_000);

afterAll(async () => {
  await client?.close();
  await runner?.stopAll('test over');
  peer?.close();
  await stack?.stop();
});

describe('a hostile MCP package in the local sandbox', () => {
  it('runs as nobody with no capabilities, and cannot mount or unmount', async () => {
    expect(JSON.parse(await call('privileges'))).toEqual({
      uid: 65534,
      gid: 65534,
      capEff: '0000000000000000',
    });
    expect(await call('run', { command: 'mount', args: ['-t', 'tmpfs', 'none', '/usr'] })).toMatch(/^failed/);
    expect(await call('run', { command: 'umount', args: ['/tmp'] })).toMatch(/^failed/);
    expect(await call('run', { command: 'mount', args: ['-o', 'remount,rw', '/'] })).toMatch(/^failed/);
  });

  it("cannot reach the local stack's DynamoDB, identity service or API, nor the metadata address", async () => {
    const targets = [
      ['127.0.0.1', portOf(process.env.DYNAMODB_ENDPOINT as string)],
      ['127.0.0.1', portOf(stack.runtimeConfig.userPoolEndpoint as string)],
      ['127.0.0.1', portOf(stack.apiUrl)],
      ['10.0.2.2', portOf(stack.apiUrl)], // slirp4netns's alias of the host's loopback
      ['169.254.169.254', 80],
      ['10.0.0.1', 80],
      ['192.168.1.1', 80],
    ] as const;
    for (const [host, port] of targets) {
      expect(await call('connect', { host, port }), `${host}:${port}`).toMatch(/^failed/);
    }
  });

  it("reads nothing of the host: not /root, /etc/shadow, the checkout or the stack's data", async () => {
    expect(await call('list_dir', { path: '/root' })).toBe('failed: ENOENT');
    expect(await call('read_file', { path: '/etc/shadow' })).toBe('failed: ENOENT');
    expect(await call('read_file', { path: join(ROOT, 'package.json') })).toBe('failed: ENOENT');
    expect(await call('read_file', { path: join(stack.dataDir, 'secrets.key') })).toBe('failed: ENOENT');
    expect(await call('list_dir', { path: join(stack.dataDir, 'dynamodb') })).toBe('failed: ENOENT');
    expect(await call('list_dir', { path: '/' })).not.toMatch(/\b(root|home)\b/);
    // Of the checkout, only the package itself (a test fixture) and the node_modules it resolves from.
    expect(await call('list_dir', { path: ROOT })).toBe('ok: node_modules,test');
    // The checkout's parents ($HOME or /tmp, wherever it lives) hold nothing but the way to it
    // (and to the server's private directory, when the data directory lives there too).
    const parent = dirname(ROOT);
    const ways = [ROOT, stack.dataDir]
      .filter((path) => path.startsWith(`${parent}/`))
      .map((path) => relative(parent, path).split('/')[0] as string);
    expect(await call('list_dir', { path: parent })).toBe(`ok: ${[...new Set(ways)].sort().join(',')}`);
    expect(await call('list_dir', { path: process.env.HOME ?? '/root' })).toMatch(
      ROOT.startsWith(`${process.env.HOME ?? '/root'}/`) ? /^ok: [^,]+$/ : /^failed: ENOENT/,
    );
  });

  it('sees only its own processes', async () => {
    const processes = JSON.parse(await call('processes')) as string[];
    expect(processes.join('\n')).not.toMatch(/vitest|dynalite|bridge/);
    expect(processes.length).toBeLessThanOrEqual(4);
  });

  it('reaches an outside host (a test host in its own network namespace)', async (context) => {
    if (!peer) {
      context.skip(`no test host could be set up here (${peerProblem}): outbound reachability not checked`);
    }
    expect(await call('connect', { host: PEER.host, port: PEER.port })).toBe(
      `ok: connected to ${PEER.host}:${PEER.port}`,
    );
  });
});
