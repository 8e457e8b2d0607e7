import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../lib/security-headers';
import { buildWebApp } from '../../scripts/bench/web-pages';

let outDir: string;
let landing: string;

beforeAll(async () => {
  outDir = await buildWebApp();
  landing = await readFile(join(outDir, 'landing.html'), 'utf8');
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
