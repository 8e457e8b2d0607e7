import { httpRoute } from '../../http/http-route.js';

/**
 * GET and DELETE on the gateway paths: the servers are stateless (no SSE stream to resume, no
 * session to end), which MCP clients learn from 405.
 */
export const handler = httpRoute({ requireCaller: false }, async () => ({
  statusCode: 405,
  body: { code: 'METHOD_NOT_ALLOWED', message: 'This MCP endpoint is stateless: POST only.' },
}));
