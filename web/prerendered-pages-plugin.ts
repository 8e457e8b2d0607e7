import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createServer, type Plugin, type Rollup } from 'vite';
import { LANDING_SESSION_GATE } from '../shared/src/constants/landing-session-gate.ts';
import { PRERENDERED_PAGES } from '../shared/src/constants/prerendered-pages.ts';

const LANDING_HTML = 'landing.html';
const LOGIN_HTML = 'login.html';
const ROOT = '<div id="root"></div>';

/** Renders a page to HTML in a throwaway SSR server over the same sources. */
async function prerender(root: string, module: string, render: string): Promise<string> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const loaded = (await server.ssrLoadModule(module)) as Record<string, () => string>;
    return (loaded[render] as () => string)();
  } finally {
    await server.close();
  }
}

const gateScript = `<script>${LANDING_SESSION_GATE}</script>`;

/** The sign-in route's module: login.html preloads its code with the app's. */
const LOGIN_ROUTE = 'src/app/routes/auth/login.tsx';

/** The files of `fileName`'s chunk and of every chunk it imports statically. */
function staticClosure(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
}

/**
 * `html` with a modulepreload link for each of `files` it does not load yet, after its own: the
 * browser fetches the route's code with the app's instead of after the app has run (one round
 * trip less before the form is live), and Vite's loader finds them in place.
 */
function withModulePreloads(html: string, files: Iterable<string>, base: string): string {
  const links = [...files]
    .map((file) => `${base}${file}`)
    .filter((href) => !html.includes(`"${href}"`))
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  const stylesheet = html.indexOf('<link rel="stylesheet"');
  if (stylesheet < 0) throw new Error('index.html has no stylesheet link to put the preloads before');
  return `${html.slice(0, stylesheet)}${links.join('')}${html.slice(stylesheet)}`;
}

/**
 * The prerendered pages (issue 28: light pages; the paths that serve them: PRERENDERED_PAGES).
 * `landing.html` holds the landing page, with its session gate, and loads only what hydrates it.
 * `login.html` is the app's own page (index.html, the same scripts) with the sign-in form
 * prerendered in its root as an inert picture, and the same gate: the app replaces the picture
 * with the live form in one commit (app/start-app.tsx), so the form paints before any script runs.
 * It preloads the sign-in route's code too.
 * The dev server maps / and /landing to the landing page as CloudFront does, unrendered, and
 * serves /login from index.html.
 */
export function prerenderedPages(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  let building = false;
  let loginRouteFiles = new Set<string>();
  return {
    name: 'agentforge-prerendered-pages',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
      building = config.command === 'build' && !config.build.ssr;
    },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path = '', query] = (request.url ?? '').split('?');
        if (PRERENDERED_PAGES[path] === LANDING_HTML)
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
        const markup = await prerender(root, '/src/landing-prerender.tsx', 'renderLanding');
        return {
          html: html.replace(ROOT, `<div id="root">${markup}</div>`),
          tags: [gate],
        };
      },
    },
    generateBundle(_options, bundle) {
      if (!building) return;
      const route = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.facadeModuleId === resolve(root, LOGIN_ROUTE),
      );
      if (!route) throw new Error(`The build has no chunk for ${LOGIN_ROUTE}`);
      loginRouteFiles = staticClosure(bundle, route.fileName);
    },
    // login.html is index.html as built (its hashed scripts and stylesheet) with the form in it.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!building) return;
        const app = await readFile(join(outDir, 'index.html'), 'utf8');
        const markup = await prerender(root, '/src/login-prerender.tsx', 'renderLogin');
        const login = withModulePreloads(app, loginRouteFiles, base)
          .replace('<head>', `<head>${gateScript}`)
          .replace(ROOT, `<div id="root"><div data-prerendered inert>${markup}</div></div>`);
        if (login === app) throw new Error('index.html has no root to prerender the sign-in form into');
        await writeFile(join(outDir, LOGIN_HTML), login);
      },
    },
  };
}
