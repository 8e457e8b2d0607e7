import { createServer, type Plugin } from 'vite';
import { LANDING_SESSION_GATE } from '../shared/src/constants/landing-session-gate.ts';

/** The landing page's own HTML: / and /landing (CloudFront's viewer-request function maps them). */
const LANDING_HTML = 'landing.html';
const LANDING_PATHS = new Set(['/', '/landing']);

/** Renders the landing page to HTML in a throwaway SSR server over the same sources. */
async function prerenderLanding(root: string): Promise<string> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const module = (await server.ssrLoadModule('/src/landing-prerender.tsx')) as {
      renderLanding: () => string;
    };
    return module.renderLanding();
  } finally {
    await server.close();
  }
}

/**
 * The landing page as a page of its own (issue 28: light pages): `landing.html` holds the page
 * prerendered at build time, with its session gate, and loads only what hydrates it; the app
 * (`index.html`) serves every other path. The dev server maps / and /landing to it as CloudFront does.
 */
export function landingPage(): Plugin {
  let root = '';
  return {
    name: 'agentforge-landing-page',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path = '', query] = (request.url ?? '').split('?');
        if (LANDING_PATHS.has(path))
          request.url = `/${LANDING_HTML}${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.filename.endsWith(LANDING_HTML)) return html;
        const gate = { tag: 'script', children: LANDING_SESSION_GATE, injectTo: 'head-prepend' as const };
        if (context.server) return { html, tags: [gate] };
        const markup = await prerenderLanding(root);
        return {
          html: html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`),
          tags: [gate],
        };
      },
    },
  };
}
