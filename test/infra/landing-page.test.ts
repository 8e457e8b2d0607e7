import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../lib/security-headers';
import { buildWebApp, staticClosure } from '../../scripts/bench/web-pages';

let outDir: string;
let landing: string;
let login: string;

beforeAll(async () => {
  outDir = await buildWebApp();
  landing = await readFile(join(outDir, 'landing.html'), 'utf8');
  login = await readFile(join(outDir, 'login.html'), 'utf8');
}, 300_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the prerendered landing page (landing.html)', () => {
  it('holds the header and the hero as HTML, shown before any script runs', () => {
    const root = landing.slice(landing.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1 [^>]*>AI Agent Platform<\/h1>/);
    expect(root).toContain('Create Your Own AI Agent with MCP Servers');
    expect(root).toMatch(/<a href="\/login"[^>]*>Sign In<\/a>/);
    expect(root).toMatch(/<a href="\/signup"[^>]*>Get Started<\/a>/);
    expect(root).toMatch(/<textarea [^>]*rows="3"/);
  });

  it('has one inline script, the session gate, which the deployed CSP allows by its hash', () => {
    const inline = [...landing.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain('LastAuthUser');
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    expect(contentSecurityPolicy({ connect: [] })).toContain(`'sha256-${hash}'`);
  });

  it('loads the landing page’s own stylesheet, not the app’s', async () => {
    const app = await readFile(join(outDir, 'index.html'), 'utf8');
    const stylesheet = (html: string) => html.match(/<link rel="stylesheet"[^>]* href="([^"]+)"/)?.[1];
    expect(stylesheet(landing)).toBeDefined();
    expect(stylesheet(landing)).not.toBe(stylesheet(app));
  });
});

describe('the prerendered sign-in page (login.html)', () => {
  it('holds the form as an inert picture in the root, shown before any script runs', () => {
    const root = login.slice(login.indexOf('<div id="root">'));
    expect(root.startsWith('<div id="root"><div data-prerendered inert>')).toBe(true);
    expect(root).toMatch(/<h1 [^>]*>Welcome Back<\/h1>/);
    expect(root).toMatch(/<input [^>]*type="email"/);
    expect(root).toMatch(/<input [^>]*type="password"/);
    expect(root).toMatch(/<a [^>]*href="\/signup"[^>]*>Sign up here<\/a>/);
  });

  it("is the app's page (its scripts and stylesheet) with the session gate the CSP allows", async () => {
    const app = await readFile(join(outDir, 'index.html'), 'utf8');
    const head = (html: string) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    const withoutRoutePreloads = head(login).replaceAll(
      /<link rel="modulepreload" crossorigin href="[^"]+">/g,
      (link) => (head(app).includes(link) ? link : ''),
    );
    expect(withoutRoutePreloads).toBe(
      head(app).replace('<head>', `<head><script>${inlineScripts(landing)[0]}</script>`),
    );
    expect(inlineScripts(login)).toEqual(inlineScripts(landing));
  });

  it("preloads the sign-in route's code (its chunk and what it imports) with the app's, once each", async () => {
    const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const preloaded = [...login.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
      (match) => match[1],
    );
    const entry = [...login.matchAll(/<script type="module" crossorigin src="\/([^"]+)">/g)].map(
      (match) => match[1],
    );
    const route = [...staticClosure(manifest, ['src/app/routes/auth/login.tsx'])].map(
      (key) => manifest[key]?.file,
    );
    expect(route.length).toBeGreaterThan(1);
    for (const file of route) expect([...preloaded, ...entry]).toContain(file);
    expect(new Set(preloaded).size).toBe(preloaded.length);
  });
});

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
}
