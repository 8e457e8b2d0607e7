/**
 * `npm run bench`: prints measurements; it does not gate. Each benchmark measures side by side
 * in one run where it compares, so ratios hold on any machine.
 */
import { benchBundleSizes } from './bundle-sizes.js';
import { benchFirstWord } from './first-word.js';
import { benchLighthouse } from './lighthouse.js';
import { benchLocalStackStartup } from './local-stack-startup.js';
import { benchLongConversation } from './long-conversation.js';
import { benchMcpRunner } from './mcp-runner.js';
import { benchStreaming } from './streaming.js';
import { benchToolSelection } from './tool-selection.js';
import { benchWebBundle } from './web-bundle.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// One benchmark failing (a browser that will not start, say) is reported, and the others still run.
const benches = [
  benchBundleSizes,
  benchWebBundle,
  benchLighthouse,
  benchLocalStackStartup,
  benchStreaming,
  benchMcpRunner,
  benchLongConversation,
  benchFirstWord,
  benchToolSelection,
];
/** A benchmark that hangs is given up on, so the run (and CI after it) goes on. */
const BENCH_TIMEOUT_MS = 10 * 60_000;
let failed = 0;
for (const bench of benches) {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      bench(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no result in ${BENCH_TIMEOUT_MS / 60_000} minutes`)),
          BENCH_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    failed += 1;
    console.error(`\n${bench.name} failed:`, error);
  } finally {
    clearTimeout(timer);
  }
}
// Whatever a given-up benchmark left running does not hold the process open.
process.exit(failed > 0 ? 1 : 0);
