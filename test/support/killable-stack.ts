import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuntimeConfig } from '@agentforge/shared';
import type { TableId } from '../../functions/src/adapters/dynamodb/table-definitions.js';
import type { LocalStackOptions } from '../../scripts/local/stack-options.js';
import { TEST_CODE } from './local-stack.js';

export interface StackInfo {
  apiUrl: string;
  runtimeConfig: RuntimeConfig;
  dynamodb: { endpoint: string; tableNames: Record<TableId, string> };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * The local stack as a child process on a fixed data directory and fixed ports (tokens and
 * endpoints stay valid across restarts): `kill()` is SIGKILL, no shutdown of any kind, and
 * `start()` again brings it back on the same data, as a crashed and replaced function would.
 */
export async function killableStack(options: { reaperIntervalMs: number; env: Record<string, string> }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'agentforge-fault-'));
  const ports = { api: await freePort(), web: 0, cognito: await freePort(), dynamodb: await freePort() };
  const stackOptions: LocalStackOptions = {
    dataDir,
    ports,
    web: false,
    fixedCode: TEST_CODE,
    quiet: true,
    reaperIntervalMs: options.reaperIntervalMs,
  };
  let child: ChildProcess | undefined;

  async function start(): Promise<StackInfo> {
    const started = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'stack-process.ts')],
      {
        env: {
          ...process.env,
          LOG_LEVEL: 'silent',
          ...options.env,
          STACK_OPTIONS: JSON.stringify(stackOptions),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child = started;
    return new Promise<StackInfo>((resolve, reject) => {
      let out = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const ready = out.match(/^READY (.+)$/m);
        if (ready?.[1]) resolve(JSON.parse(ready[1]) as StackInfo);
      });
      started.once('exit', (code) =>
        reject(new Error(`the stack process exited (${code}) before it was ready`)),
      );
    });
  }

  async function kill(): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  return {
    start,
    kill,
    async stop() {
      await kill();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
