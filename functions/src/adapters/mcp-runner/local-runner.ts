import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { RunnerStartRequest, RunnerStatus, ServerRunner } from '../../domain/mcp/server-runner.js';
import { BRIDGE_DIR, type BridgeCommand, buildBridgeCommand } from './bridge-bundle.js';

export type { BridgeCommand } from './bridge-bundle.js';

export interface LocalRunnerOptions {
  /** The local stack's data directory; each server gets `<dataDir>/mcp/<serverId>` as its private dir. */
  dataDir: string;
  /** How to start the bridge. Default: functions/src/runner/main.ts bundled once with esbuild. */
  bridgeCommand?: BridgeCommand;
  /** Default `bwrap`: the bridge sandboxes the package when bubblewrap works, else warns and runs it plainly. */
  sandbox?: 'bwrap' | 'none';
  /** Whether a local directory may be the package (tests; the local stack when its operator opts in). */
  allowLocalPackages?: boolean;
  /** Installed packages outside the `@modelcontextprotocol/` scope that may run (the operator's list). */
  allowedPackages?: readonly string[];
  /** How long `describe` waits for `/healthz` before calling the bridge stale. Default 2000 ms. */
  healthTimeoutMs?: number;
  /** Between SIGTERM and SIGKILL on stop. Default 5000 ms. */
  stopGraceMs?: number;
  /** How long the bridge keeps a failed package's error on `/healthz` before exiting. Default 3000 ms. */
  exitGraceMs?: number;
}

export interface LocalRunner extends ServerRunner {
  /** Stops every bridge this runner started (the local stack's shutdown). */
  stopAll(reason?: string): Promise<void>;
}

interface Run {
  child: ChildProcess;
  endpoint: string;
  bridgeToken: string;
  startedAt: number;
  everHealthy: boolean;
  stopping?: Promise<void>;
  exit?: { code: number | null; signal: NodeJS.Signals | null; at: number };
  exited: Promise<void>;
  /** The bridge's own account of its failure (its last `error` log field). */
  bridgeError?: string;
  /** Output that is not the bridge's JSON log (e.g. a crash trace), for when it dies without one. */
  rawTail: string[];
}

interface Healthz {
  status: 'starting' | 'ok' | 'error';
  error?: string;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => server.once('error', fail).listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

async function fetchHealth(run: Run, timeoutMs: number): Promise<Healthz | undefined> {
  try {
    const response = await fetch(`${run.endpoint}/healthz`, {
      headers: { Authorization: `Bearer ${run.bridgeToken}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    return (await response.json()) as Healthz;
  } catch {
    return undefined;
  }
}

function isAlive(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

/** The bridge leads its process group (detached): npm and an unsandboxed package die with it. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!isAlive(child) || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * The local stand-in for the Fargate runner: each enabled server is the same bridge as the runner
 * image, as a child process group on 127.0.0.1 with a scrubbed environment, its package sandboxed
 * with bubblewrap. Runs live in memory: after a restart of the local stack unknown runs are stopped.
 */
export function createLocalRunner(options: LocalRunnerOptions): LocalRunner {
  const dataDir = resolve(options.dataDir);
  const healthTimeoutMs = options.healthTimeoutMs ?? 2000;
  const stopGraceMs = options.stopGraceMs ?? 5000;
  const runs = new Map<string, Run>();
  let bridgeCommand: Promise<BridgeCommand> | undefined;
  const command = () => {
    bridgeCommand ??= options.bridgeCommand
      ? Promise.resolve(options.bridgeCommand)
      : buildBridgeCommand(join(dataDir, 'mcp', '.bridge'));
    return bridgeCommand;
  };
  // Bridges are process-group leaders (detached): take them along when the local stack exits.
  process.once('exit', () => {
    for (const run of runs.values()) killGroup(run.child, 'SIGTERM');
  });

  async function start(request: RunnerStartRequest): Promise<{ runId: string }> {
    if (!SAFE_ID.test(request.serverId)) throw new Error(`Invalid server id: ${request.serverId}`);
    const privateDir = join(dataDir, 'mcp', request.serverId);
    await mkdir(privateDir, { recursive: true, mode: 0o700 });
    const [bridge, port] = await Promise.all([command(), freePort()]);
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      BRIDGE_TOKEN: request.bridgeToken,
      PACKAGE: request.packageName,
      SERVER_ENV_JSON: JSON.stringify(request.environment),
      IDLE_TIMEOUT_MS: String(Math.round(request.idleTimeoutMinutes * 60_000)),
      SANDBOX: options.sandbox ?? 'bwrap',
      ALLOW_LOCAL_PACKAGES: String(options.allowLocalPackages ?? false),
      ALLOWED_PACKAGES: (options.allowedPackages ?? []).join(','),
      PRIVATE_DIR: privateDir,
      PACKAGES_DIR: BRIDGE_DIR,
      PACKAGE_EXIT_GRACE_MS: String(options.exitGraceMs ?? 3000),
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      NODE_OPTIONS: '',
    };
    const child = spawn(bridge.command, bridge.args, {
      cwd: BRIDGE_DIR,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const runId = `local-${request.serverId}-${randomUUID()}`;
    const log = createWriteStream(join(dataDir, 'mcp', `${request.serverId}.log`), {
      flags: 'a',
      mode: 0o600,
    });
    const run: Run = {
      child,
      endpoint: `http://127.0.0.1:${port}`,
      bridgeToken: request.bridgeToken,
      startedAt: Date.now(),
      everHealthy: false,
      rawTail: [],
      exited: new Promise((done) => {
        const exited = (code: number | null, signal: NodeJS.Signals | null) => {
          if (run.exit) return;
          run.exit = { code, signal, at: Date.now() };
          // Whatever the bridge left behind in its group (npm, an unsandboxed package's children).
          if (child.pid !== undefined) {
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              // nothing left
            }
          }
          log.end();
          done();
        };
        child.once('close', exited);
        child.once('error', (error) => {
          run.bridgeError ??= `The MCP bridge could not start: ${error.message}`;
          if (child.pid === undefined) exited(null, null); // never spawned: no 'close' will come
        });
      }),
    };
    child.stdout?.pipe(log, { end: false });
    let partial = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) readBridgeLine(run, line);
    });
    runs.set(runId, run);
    return { runId };
  }

  function readBridgeLine(run: Run, line: string): void {
    try {
      const entry = JSON.parse(line) as { level?: string; error?: unknown };
      // What a failing bridge says; not what it says while being stopped.
      if (entry.level === 'error' && typeof entry.error === 'string' && !run.stopping) {
        run.bridgeError = entry.error;
      }
    } catch {
      if (line.trim()) run.rawTail = [...run.rawTail, line].slice(-10);
    }
  }

  function stoppedError(run: Run): string | undefined {
    if (run.bridgeError) return run.bridgeError;
    const { code, signal } = run.exit ?? {};
    if (run.stopping || code === 0) return undefined;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    return `The MCP bridge ${how}${run.rawTail.length ? `: ${run.rawTail.join('\n')}` : ''}`;
  }

  async function describe(runId: string): Promise<RunnerStatus> {
    const run = runs.get(runId);
    if (!run) return { phase: 'stopped' };
    const base = { endpoint: run.endpoint, startedAt: run.startedAt };
    if (run.exit) {
      const error = stoppedError(run);
      return { phase: 'stopped', ...base, stoppedAt: run.exit.at, ...(error ? { error } : {}) };
    }
    if (run.stopping) return { phase: 'stopping', ...base };
    const health = await fetchHealth(run, healthTimeoutMs);
    if (health?.status === 'ok') run.everHealthy = true;
    if (health?.status === 'error') {
      return { phase: 'running', ...base, health: 'error', ...(health.error ? { error: health.error } : {}) };
    }
    if (!run.everHealthy) return { phase: 'pending', ...base };
    return { phase: 'running', ...base, health: health?.status === 'ok' ? 'running' : 'stale' };
  }

  function stop(runId: string, _reason: string): Promise<void> {
    const run = runs.get(runId);
    if (!run || run.exit) return Promise.resolve();
    run.stopping ??= (async () => {
      // The bridge alone first: it closes its package itself, so the package's end is no failure.
      if (isAlive(run.child)) run.child.kill('SIGTERM');
      const timer = new Promise<'timeout'>((done) => setTimeout(done, stopGraceMs, 'timeout').unref());
      if ((await Promise.race([run.exited, timer])) === 'timeout') killGroup(run.child, 'SIGKILL');
      await run.exited;
    })();
    return run.stopping;
  }

  async function stopAll(reason = 'local stack stopping'): Promise<void> {
    await Promise.all([...runs.keys()].map((runId) => stop(runId, reason)));
  }

  return { start, describe, stop, stopAll };
}
