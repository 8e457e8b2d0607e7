import type { OutboundPolicy } from '../adapters/net/guarded-fetch.js';
import { env } from './root.js';

/**
 * What a request made for a user may reach (Custom endpoints, provider base URLs, remote MCP
 * servers): private endpoints (a local Ollama, the local stack's own servers) only where the stage
 * allows them, the local stack by default.
 */
export const outboundPolicy: OutboundPolicy = {
  allowPrivate: env.ALLOW_PRIVATE_ENDPOINTS ?? env.RUNTIME === 'local',
};
