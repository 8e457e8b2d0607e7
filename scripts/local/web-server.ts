import { join } from 'node:path';
import type { RuntimeConfig } from '@agentforge/shared';
import { createServer, type Plugin, type ViteDevServer } from 'vite';

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

/** Vite serving `web/` with the local config.json. */
export async function startWebServer(options: {
  port: number;
  config: RuntimeConfig;
}): Promise<ViteDevServer> {
  const server = await createServer({
    root: WEB_ROOT,
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    server: { port: options.port, host: '127.0.0.1', strictPort: true },
    plugins: [runtimeConfigPlugin(options.config)],
  });
  await server.listen();
  return server;
}
