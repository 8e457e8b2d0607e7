import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { close, listen } from '../local/net.js';

const ROOT = join(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server, 0);
  await close(server);
  return port;
}

/** Runs `npm start`'s entry point and measures the time until it prints the ready line. */
async function timeToReady(dataDir: string): Promise<number> {
  const env = {
    ...process.env,
    LOCAL_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    API_PORT: String(await freePort()),
    WEB_PORT: String(await freePort()),
    COGNITO_PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
  };
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/local/start.ts'], { cwd: ROOT, env });
  try {
    return await new Promise<number>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (data: Buffer) => {
        output += data.toString();
        if (output.includes('Local stack ready:')) resolve(performance.now() - started);
      });
      child.stderr.on('data', (data: Buffer) => {
        output += data.toString();
      });
      child.once('exit', (code) => reject(new Error(`start exited (${code}) before ready:\n${output}`)));
    });
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
}

/** Cold (empty data dir) and warm (second start on the same data) start-up of the local stack. */
export async function benchLocalStackStartup(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agentforge-bench-'));
  try {
    const cold = await timeToReady(dataDir);
    const warm = await timeToReady(dataDir);
    console.log('\nLocal stack start-up (process spawn to "Local stack ready")');
    console.log(`  cold (new data):   ${Math.round(cold)} ms`);
    console.log(`  warm (reused data): ${Math.round(warm)} ms`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
