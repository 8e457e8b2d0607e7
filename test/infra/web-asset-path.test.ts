import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webAssetPath } from '../../lib/web-asset-path';

describe('webAssetPath', () => {
  let root: string;
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('uses the built app when there is one', async () => {
    root = await mkdtemp(join(tmpdir(), 'web-asset-'));
    await mkdir(join(root, 'web', 'dist'), { recursive: true });
    await writeFile(join(root, 'web', 'dist', 'index.html'), '<!doctype html>');
    expect(webAssetPath(root, { deploying: true })).toBe(join(root, 'web', 'dist'));
  });

  it('synthesizes with the placeholder and a warning, but never deploys it', async () => {
    root = await mkdtemp(join(tmpdir(), 'web-asset-'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(webAssetPath(root, { deploying: false })).toBe(join(root, 'lib', 'web-placeholder'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('placeholder'));
    warn.mockRestore();
    expect(() => webAssetPath(root, { deploying: true })).toThrow(/never deployed/);
  });
});
