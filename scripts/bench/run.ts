/**
 * `npm run bench`: prints measurements; it does not gate. Each benchmark measures side by side
 * in one run where it compares, so ratios hold on any machine.
 *
 * Each benchmark runs in a process of its own (`--only <name>`): the local stack runs the
 * functions in its process and, as Lambda does, they keep their clients for the process's life,
 * so a second stack in one process would have them talk to the first one's (stopped) services.
 */
import { spawn } from 'node:child_process';
import { benchBranches } from './branches.js';
import { benchBundleSizes } from './bundle-sizes.js';
import { benchFirstWord } from './first-word.js';
import { benchKnowledgeIndex } from './knowledge-index.js';
import { benchKnowledgeVectors } from './knowledge-vectors.js';
import { benchLighthouse } from './lighthouse.js';
import { benchLocalStackStartup } from './local-stack-startup.js';
import { benchLongConversation } from './long-conversation.js';
import { benchMcpRunner } from './mcp-runner.js';
import { benchStreaming } from './streaming.js';
import { benchToolSelection } from './tool-selection.js';
import { benchWebBundle } from './web-bundle.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const benches: Record<string, () => Promise<void>> = {
  benchBundleSizes,
  benchWebBundle,
  benchLighthouse,
  benchLocalStackStartup,
  benchStreaming,
  benchMcpRunner,
  benchLongConversation,
  benchFirstWord,
  benchToolSelection,
  benchBranches,
  benchKnowledgeIndex,
  benchKnowledgeVectors,
};
/** A benchmark that hangs is given up on, so the run (and CI after it) goes on. */
const BENCH_TIMEOUT_MS = 10 * 60_000;

const only = process.argv.indexOf('--only');
if (only >= 0) {
  const name = process.argv[only + 1] ?? '';
  const bench = benches[name];
  if (!bench) throw new Error(`No benchmark '${name}'`);
  await bench();
  // Whatever the benchmark left running does not hold the process open.
  process.exit(0);
}

/** One benchmark in a child process (tsx's loader passed on in execArgv): whether it succeeded. */
function runAlone(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--only', name], {
      stdio: 'inherit',
    });
    const timer = setTimeout(() => {
      console.error(`\n${name} failed: no result in ${BENCH_TIMEOUT_MS / 60_000} minutes`);
      child.kill('SIGKILL');
    }, BENCH_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) console.error(`\n${name} failed (exit ${code})`);
      resolve(code === 0);
    });
  });
}

// One benchmark failing (a browser that will not start, say) is reported, and the others still run.
let failed = 0;
for (const name of Object.keys(benches)) {
  if (!(await runAlone(name))) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
