/**
 * The benchmarks' separate processes: a parent forks a service (`forkService`), the child
 * starts it and answers over IPC (`serveInChild`), so load client, model server and local stack
 * each have their own event loop and CPU account, as they do in production.
 */
import { fork } from 'node:child_process';

type Request = { id: number; type: 'cpu' | 'stop' } | { id: number; type: 'call'; payload: unknown };
type Reply = { id: number; cpuMs?: number; result?: unknown } | { ready: unknown } | { failed: string };

export interface ForkedService<Info> {
  info: Info;
  /** CPU time (user + system) the child has used so far, in ms. */
  cpuMs(): Promise<number>;
  /** Asks the child's service to do something (its `call`) and returns its answer. */
  call<Result>(payload: unknown): Promise<Result>;
  stop(): Promise<void>;
}

export async function forkService<Info>(
  file: string,
  options: {
    /** Extra environment (the local stack's for a function's process). */
    env?: Record<string, string | undefined>;
    /** False for plain JavaScript (a bundle) run as Lambda runs it, without the TypeScript loader. */
    typescript?: boolean;
  } = {},
): Promise<ForkedService<Info>> {
  const child = fork(file, [], {
    // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each child there (open it in Chrome DevTools),
    // sampled every 0.1 ms: a warm reply's work before the model call is a few milliseconds.
    execArgv: [
      ...(options.typescript === false ? [] : ['--import', 'tsx']),
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, '--cpu-prof-interval=100']
        : []),
    ],
    env: { ...process.env, ...options.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (reply: Reply) => void>();
  let nextId = 0;
  const info = await new Promise<Info>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before it was ready`)));
    child.on('message', (message: Reply) => {
      if ('ready' in message) resolve(message.ready as Info);
      else if ('failed' in message) reject(new Error(message.failed));
      else pending.get(message.id)?.(message);
    });
  });
  const ask = (request: { type: 'cpu' | 'stop' } | { type: 'call'; payload: unknown }) =>
    new Promise<Reply>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      child.send({ id, ...request } satisfies Request);
    });
  return {
    info,
    cpuMs: async () => ((await ask({ type: 'cpu' })) as { cpuMs: number }).cpuMs,
    call: async <Result>(payload: unknown) =>
      ((await ask({ type: 'call', payload })) as { result: Result }).result,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await ask({ type: 'stop' });
      await exited;
    },
  };
}

/** In the child: start the service, report its info, answer CPU, call and stop requests. */
export async function serveInChild<Info>(
  start: () => Promise<{ info: Info; stop(): Promise<void>; call?(payload: unknown): Promise<unknown> }>,
) {
  const send = (message: Reply) => process.send?.(message);
  try {
    const service = await start();
    process.on('message', async (request: Request) => {
      if (request.type === 'cpu') {
        const { user, system } = process.cpuUsage();
        send({ id: request.id, cpuMs: (user + system) / 1000 });
      } else if (request.type === 'call') {
        send({ id: request.id, result: await service.call?.(request.payload) });
      } else {
        await service.stop();
        send({ id: request.id });
        process.disconnect();
      }
    });
    send({ ready: service.info });
  } catch (error) {
    send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  }
}
