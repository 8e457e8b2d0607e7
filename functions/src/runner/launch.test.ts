import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binPath, bwrapArgs, findInstalledBin, parsePackageSpec, planLaunch } from './launch.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'launch-test-'));
  const pkg = join(root, 'node_modules', '@acme', 'mcp-tool');
  await mkdir(pkg, { recursive: true });
  await writeFile(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: '@acme/mcp-tool',
      version: '1.2.3',
      bin: { 'mcp-tool': 'dist/cli.js', other: 'x.js' },
    }),
  );
  await mkdir(join(root, 'app', 'src'), { recursive: true });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('parsePackageSpec', () => {
  it('splits names, scopes and versions, and recognises local directories', () => {
    expect(parsePackageSpec('pkg')).toEqual({ name: 'pkg' });
    expect(parsePackageSpec('pkg@1.0.0')).toEqual({ name: 'pkg', version: '1.0.0' });
    expect(parsePackageSpec('@scope/pkg')).toEqual({ name: '@scope/pkg' });
    expect(parsePackageSpec('@scope/pkg@^2')).toEqual({ name: '@scope/pkg', version: '^2' });
    expect(parsePackageSpec('file:/opt/pkg')).toEqual({ directory: '/opt/pkg' });
    expect(parsePackageSpec('/opt/pkg')).toEqual({ directory: '/opt/pkg' });
  });
});

describe('binPath', () => {
  it('picks the only bin, or the one named after the package', () => {
    expect(binPath('/p', { name: 'a', bin: 'cli.js' })).toBe('/p/cli.js');
    expect(binPath('/p', { name: 'a', bin: { whatever: 'w.js' } })).toBe('/p/w.js');
    expect(binPath('/p', { name: '@s/a', bin: { b: 'b.js', a: 'a.js' } })).toBe('/p/a.js');
    expect(binPath('/p', { name: 'a', bin: { b: 'b.js', c: 'c.js' } })).toBeUndefined();
    expect(binPath('/p', { name: 'a' })).toBeUndefined();
  });
});

describe('findInstalledBin', () => {
  it('resolves from node_modules of the directory or its ancestors', () => {
    const bin = join(root, 'node_modules/@acme/mcp-tool/dist/cli.js');
    expect(findInstalledBin('@acme/mcp-tool', join(root, 'app', 'src'))).toBe(bin);
    expect(findInstalledBin('@acme/mcp-tool@latest', join(root, 'app'))).toBe(bin);
    expect(findInstalledBin('@acme/mcp-tool@1.2.3', root)).toBe(bin);
  });

  it('leaves other versions and unknown packages to npm', () => {
    expect(findInstalledBin('@acme/mcp-tool@1.2.4', root)).toBeUndefined();
    expect(findInstalledBin('not-installed-anywhere-xyz', root)).toBeUndefined();
  });
});

describe('planLaunch', () => {
  const base = {
    serverEnv: { API_KEY: 'k' },
    privateDir: '/data/mcp/s1',
    sandbox: 'none' as const,
    hidePaths: [],
    hostPath: process.env.PATH ?? '',
  };

  it('runs an installed bin with node and only the server env plus PATH, HOME and TMPDIR', () => {
    const plan = planLaunch({ ...base, packageSpec: '@acme/mcp-tool', packagesDir: root });
    expect(plan).toMatchObject({ command: process.execPath, mode: 'installed', sandboxed: false });
    expect(plan.args).toEqual([join(root, 'node_modules/@acme/mcp-tool/dist/cli.js')]);
    expect(Object.keys(plan.env).sort()).toEqual(['API_KEY', 'HOME', 'PATH', 'TMPDIR']);
    expect(plan.env.HOME).toBe('/data/mcp/s1/home');
    expect(plan.env.TMPDIR).toBe('/data/mcp/s1/tmp');
    expect(plan.cwd).toBe('/data/mcp/s1');
  });

  it('falls back to npm exec for packages that are not installed', () => {
    const plan = planLaunch({ ...base, packageSpec: 'some-mcp@1.0.0', packagesDir: root });
    expect(plan.mode).toBe('npm-exec');
    expect(plan.args.slice(1)).toEqual(['exec', '--yes', '--', 'some-mcp@1.0.0']);
    expect(plan.args[0]).toMatch(/npm-cli\.js$/);
  });

  it('runs without the sandbox, with a warning, where bubblewrap is missing', () => {
    const plan = planLaunch({
      ...base,
      sandbox: 'bwrap',
      hostPath: '/nonexistent-bin',
      packageSpec: '@acme/mcp-tool',
      packagesDir: root,
    });
    expect(plan).toMatchObject({ command: process.execPath, sandboxed: false });
    expect(plan.warning).toContain('bwrap is not installed');
  });

  it('never passes the bridge environment, whatever it holds', () => {
    process.env.LAUNCH_TEST_SECRET = 'bridge-only';
    try {
      const plan = planLaunch({ ...base, packageSpec: '@acme/mcp-tool', packagesDir: root });
      expect(JSON.stringify(plan.env)).not.toContain('bridge-only');
    } finally {
      delete process.env.LAUNCH_TEST_SECRET;
    }
  });
});

describe('bwrapArgs', () => {
  it('mounts the system read-only and the private dir writable, after what it hides', async () => {
    const data = join(root, 'data');
    const privateDir = join(data, 'mcp', 's1');
    await mkdir(privateDir, { recursive: true });
    const args = bwrapArgs(
      privateDir,
      [data, '/nonexistent-dir', join(root, 'node_modules')],
      [join(root, 'node_modules/@acme/mcp-tool/dist')],
    );
    expect(args.slice(0, 4)).toEqual(['--unshare-all', '--share-net', '--die-with-parent', '--new-session']);
    const joined = args.join(' ');
    expect(joined).toContain('--ro-bind / / --dev /dev --proc /proc');
    // Hidden: the data dir (not missing paths, nor the package's own node_modules)...
    expect(joined).toContain(`--tmpfs ${data} --bind ${privateDir} ${privateDir} --remount-ro ${data}`);
    expect(joined).not.toContain('/nonexistent-dir');
    expect(joined).not.toContain(`--tmpfs ${join(root, 'node_modules')}`);
    expect(args.slice(-2)).toEqual(['--chdir', privateDir]);
    expect(joined).not.toContain('--setenv'); // values travel in the environment, not in argv
  });

  it('gives the package a private /tmp, unless node or the package lives under /tmp', () => {
    const privateDir = join(root, 'private');
    expect(bwrapArgs(privateDir, [], ['/usr/lib/node_modules/pkg/dist']).join(' ')).toContain(
      '--tmpfs /tmp ',
    );
    expect(bwrapArgs(privateDir, [], ['/tmp/checkout/node_modules/pkg/dist']).join(' ')).not.toContain(
      '--tmpfs /tmp ',
    );
  });
});
