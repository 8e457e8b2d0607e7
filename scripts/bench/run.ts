/**
 * `npm run bench`: prints measurements; it does not gate. Each benchmark measures side by side
 * in one run where it compares, so ratios hold on any machine.
 */
import { benchBundleSizes } from './bundle-sizes.js';
import { benchLighthouse } from './lighthouse.js';
import { benchLocalStackStartup } from './local-stack-startup.js';
import { benchLongConversation } from './long-conversation.js';
import { benchMcpRunner } from './mcp-runner.js';
import { benchStreaming } from './streaming.js';
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
];
let failed = 0;
for (const bench of benches) {
  try {
    await bench();
  } catch (error) {
    failed += 1;
    console.error(`\n${bench.name} failed:`, error);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
