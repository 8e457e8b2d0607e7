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

await benchBundleSizes();
await benchWebBundle();
await benchLighthouse();
await benchLocalStackStartup();
await benchStreaming();
await benchMcpRunner();
await benchLongConversation();
