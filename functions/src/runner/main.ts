/**
 * The MCP bridge's entry point (the runner image's command, the local runner's child): one MCP
 * package over stdio, served as stateless Streamable HTTP on `/mcp` behind a bearer token, with
 * `/healthz`. Environment: see config.ts.
 */
import { errorMessage } from '@agentforge/shared';
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startBridge, stderrLog } from './bridge.js';
import { parseBridgeConfig } from './config.js';

let config: ReturnType<typeof parseBridgeConfig>;
try {
  config = parseBridgeConfig(process.env);
} catch (error) {
  stderrLog('error', 'bridge exiting', {
    code: 2,
    error: errorMessage(error),
  });
  process.exit(2);
}

// The SDK's stdio transport adds these from our own environment to the package's; PATH and HOME
// are replaced by the package's own, the rest must not exist. Nor do our secrets stay around.
for (const name of DEFAULT_INHERITED_ENV_VARS) if (name !== 'PATH') delete process.env[name];
delete process.env.BRIDGE_TOKEN;
delete process.env.SERVER_ENV_JSON;

const bridge = await startBridge(config);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void bridge.shutdown(0, signal));
}
process.exit(await bridge.done);
