import { join } from 'node:path';
import type { RuntimeConfig } from '@agentforge/shared';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import {
  contentSecurityPolicy,
  PREVIEW_PAGE_PATH,
  previewContentSecurityPolicy,
  SECURITY_HEADERS,
} from '../../lib/security-headers.js';

const WEB_ROOT = join(import.meta.dirname, '../../web');

/** Serves the generated runtime config at /config.json, as CloudFront serves the deployed one. */
function runtimeConfigPlugin(config: RuntimeConfig): Plugin {
  const body = JSON.stringify(config);
  return {
    name: 'agentforge-local-runtime-config',
    configureServer(server) {
      server.middlewares.use('/config.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(body);
      });
    },
  };
}

/**
 * The deployed app's CSP and security headers on every response (HSTS aside: plain http), so the
 * e2e suite runs the app under them. Vite's dev server adds what it needs: its HMR websocket and
 * inline scripts (the react-refresh preamble).
 */
function securityHeadersPlugin(config: RuntimeConfig, port: number, connect: readonly string[]): Plugin {
  const origins = [config.apiBaseUrl, config.streamUrl, config.userPoolEndpoint ?? '', ...connect]
    .filter(Boolean)
    .map((url) => new URL(url).origin);
  const csp = contentSecurityPolicy({
    connect: [...new Set(origins)],
    dev: { hmrOrigin: `ws://localhost:${port} ws://127.0.0.1:${port}` },
  });
  return {
    name: 'agentforge-local-security-headers',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        // The workspace's preview page has a policy of its own and is framed by the app.
        const preview = req.url?.split('?')[0] === PREVIEW_PAGE_PATH;
        res.setHeader('Content-Security-Policy', preview ? previewContentSecurityPolicy() : csp);
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
          if (name === 'Strict-Transport-Security' || (preview && name === 'X-Frame-Options')) continue;
          res.setHeader(name, value);
        }
        next();
      });
    },
  };
}

/** Vite serving `web/` with the local config.json. */
export async function startWebServer(options: {
  port: number;
  config: RuntimeConfig;
  /** More origins the app calls (the attachments' storage, through presigned URLs). */
  connect?: readonly string[];
}): Promise<ViteDevServer> {
  const server = await createServer({
    root: WEB_ROOT,
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    server: { port: options.port, host: '127.0.0.1', strictPort: true },
    plugins: [
      securityHeadersPlugin(options.config, options.port, options.connect ?? []),
      runtimeConfigPlugin(options.config),
    ],
  });
  await server.listen();
  return server;
}
