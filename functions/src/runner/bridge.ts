import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { errorMessage } from '@agentforge/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isAuthorized } from './auth.js';
import { createCallRegistry, DEFAULT_CALL_LIMITS } from './call-registry.js';
import { createCallRoutes } from './call-routes.js';
import type { BridgeConfig } from './config.js';
import { createForwardingServer } from './forwarding-server.js';
import { IdleTimer } from './idle-timer.js';
import { planLaunch } from './launch.js';
import { OutputTail } from './output-tail.js';
import { openSandboxNetwork, type SandboxNetwork } from './sandbox-network.js';

export type BridgeStatus = 'starting' | 'ok' | 'error';

/** The `/healthz` body: no secrets, epoch-ms times. */
export interface BridgeHealth {
  status: BridgeStatus;
  startedAt: number;
  lastActivityAt: number;
  error?: string;
}

export interface Bridge {
  /** `http://host:port` actually bound. */
  url: string;
  health(): BridgeHealth;
  /** Resolves with the exit code once the bridge has shut down (idle: 0; package failure: 1). */
  done: Promise<number>;
  shutdown(code: number, reason: string): Promise<void>;
}

export type Log = (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;

/**
 * JSON lines on stderr. Level `error` means fatal: the local runner takes its `error` field as the
 * run's error.
 */
export const stderrLog: Log = (level, msg, fields) => {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
};

/** The SDK's stdio transport, plus the package's exit code (for the error a user reads). */
class PackageTransport extends StdioClientTransport {
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  override async start(): Promise<void> {
    await super.start();
    const child = (this as unknown as { _process?: ChildProcess })._process;
    child?.once('exit', (code, signal) => {
      this.exit = { code, signal };
    });
  }
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};
const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

export async function startBridge(config: BridgeConfig, log: Log = stderrLog): Promise<Bridge> {
  const startedAt = Date.now();
  let status = 'starting' as BridgeStatus; // (widened: closures change it)
  let lastError: string | undefined;
  let shuttingDown = false;
  let resolveDone: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => {
    resolveDone = resolve;
  });

  let packageTransport: PackageTransport | undefined;
  let sandboxNetwork: SandboxNetwork | undefined;
  // The namespace and slirp4netns go with the bridge, however it ends.
  process.once('exit', () => sandboxNetwork?.close());
  const tail = new OutputTail(Object.values(config.serverEnv));
  const client = new Client({ name: 'agentforge-bridge', version: '1.0.0' }, { capabilities: {} });
  const idle = new IdleTimer(config.idleTimeoutMs, () => {
    void shutdown(0, `idle for ${config.idleTimeoutMs} ms`);
  });

  const calls = createCallRegistry({ ...DEFAULT_CALL_LIMITS, maxCallMs: config.callMaxMs });
  const callRoutes = createCallRoutes({ registry: calls, client, callMaxMs: config.callMaxMs });

  const health = (): BridgeHealth => ({
    status,
    startedAt,
    lastActivityAt: idle.lastActivityAt,
    ...(lastError ? { error: lastError } : {}),
  });

  /** The bridge token, then a running package; false when it answered the request itself. */
  function admits(req: IncomingMessage, res: ServerResponse, postOnly: boolean): boolean {
    if (!isAuthorized(req.headers.authorization, config.token)) {
      json(res, 401, rpcError(-32001, 'Unauthorized'), { 'www-authenticate': 'Bearer' });
      return false;
    }
    res.once('close', idle.begin());
    if (postOnly && req.method !== 'POST') {
      json(res, 405, rpcError(-32000, 'Method not allowed: this server is stateless'), { allow: 'POST' });
      return false;
    }
    if (status !== 'ok') {
      const message =
        status === 'starting' ? 'The MCP server is starting' : `The MCP server failed: ${lastError}`;
      json(res, 503, rpcError(-32000, message), { 'retry-after': '1' });
      return false;
    }
    return true;
  }

  async function handleCalls(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    // A call keeps the bridge from idling out while it runs, not only while a request is open.
    if (admits(req, res, false)) await callRoutes(req, res, path, () => idle.begin());
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!admits(req, res, true)) return;
    const server = createForwardingServer(client, config.requestTimeoutMs, log);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.once('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  const http = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://bridge').pathname;
    const handled =
      path === '/healthz' && req.method === 'GET'
        ? Promise.resolve(
            // The status for anyone who can reach the port; the detail (the package's last output)
            // only with the bridge token.
            json(
              res,
              status === 'ok' ? 200 : 503,
              isAuthorized(req.headers.authorization, config.token) ? health() : { status },
              { 'cache-control': 'no-store' },
            ),
          )
        : path === '/mcp'
          ? handleMcp(req, res)
          : path === '/calls' || path.startsWith('/calls/')
            ? handleCalls(req, res, path)
            : Promise.resolve(json(res, 404, { error: 'Not found' }));
    handled.catch((error: unknown) => {
      log('warn', 'request failed', { path, reason: String(error) });
      if (!res.headersSent) json(res, 500, rpcError(-32603, 'Internal error'));
      else res.end();
    });
  });

  async function shutdown(code: number, reason: string): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    idle.stop();
    log(code === 0 ? 'info' : 'error', 'bridge exiting', {
      code,
      reason,
      ...(code ? { error: lastError } : {}),
    });
    calls.closeAll('The MCP server is stopping.');
    http.close();
    http.closeIdleConnections();
    // Many servers ignore the end of stdin: ask the package to stop rather than wait the SDK's 2 s.
    const pid = packageTransport?.pid;
    try {
      if (pid) process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await client
      .close()
      .catch((error: unknown) =>
        log('warn', 'package client did not close', { reason: errorMessage(error) }),
      );
    sandboxNetwork?.close();
    sandboxNetwork = undefined;
    http.closeAllConnections();
    resolveDone(code);
  }

  /** The first failure wins: it is what `/healthz`, the log and the exit report. */
  function fail(message: string): void {
    if (shuttingDown || status === 'error') return;
    status = 'error';
    const output = tail.text();
    lastError = output ? `${message}: ${output}` : message;
    log('error', 'package failed', { error: lastError });
    setTimeout(() => void shutdown(1, 'package failed'), config.exitGraceMs).unref();
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  log('info', 'bridge listening', { url, package: config.packageSpec });

  void (async () => {
    try {
      await mkdir(join(config.privateDir, 'home'), { recursive: true });
      await mkdir(join(config.privateDir, 'tmp'), { recursive: true });
      const hostPath = process.env.PATH ?? '/usr/bin:/bin';
      const network = config.sandbox === 'bwrap' ? await openSandboxNetwork(hostPath) : undefined;
      if (network && 'close' in network) sandboxNetwork = network;
      const plan = planLaunch({
        packageSpec: config.packageSpec,
        serverEnv: config.serverEnv,
        privateDir: config.privateDir,
        packagesDir: config.packagesDir,
        sandbox: config.sandbox,
        ...(network && 'close' in network ? { network } : {}),
        ...(network && 'problem' in network ? { networkProblem: network.problem } : {}),
        hostPath,
        allowLocalPackages: config.allowLocalPackages,
        allowedPackages: config.allowedPackages,
      });
      if (plan.warning) log('warn', plan.warning);
      log('info', 'starting package', { mode: plan.mode, sandboxed: plan.sandboxed });
      const transport = new PackageTransport({ ...plan, stderr: 'pipe' });
      packageTransport = transport;
      transport.stderr?.on('data', (chunk: Buffer) => {
        for (const line of tail.push(chunk.toString('utf8'))) log('info', 'package stderr', { line });
      });
      client.onclose = () => {
        // Let the last stderr chunks drain through the pipe before composing the message.
        setTimeout(() => {
          const exit = transport.exit;
          const how = exit?.signal
            ? `was killed by ${exit.signal}`
            : `exited with code ${exit?.code ?? 'unknown'}`;
          fail(`Package ${how}`);
        }, 50);
      };
      await client.connect(transport, { timeout: config.startupTimeoutMs });
      if (shuttingDown || status === 'error') return;
      status = 'ok';
      idle.start();
      log('info', 'package ready', { ms: Date.now() - startedAt, server: client.getServerVersion() });
    } catch (error) {
      setTimeout(() => fail(`Package failed to start: ${errorMessage(error)}`), 60);
    }
  })();

  return { url, health, done, shutdown };
}
