import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

const policy = { allowLocalPackages: false, allowedPackages: ['@acme/mcp-tool'] };

describe('findInstalledBin', () => {
  it('resolves from node_modules of the directory or its ancestors', () => {
    const bin = join(root, 'node_modules/@acme/mcp-tool/dist/cli.js');
    expect(findInstalledBin('@acme/mcp-tool', join(root, 'app', 'src'), policy)).toBe(bin);
    expect(findInstalledBin('@acme/mcp-tool@latest', join(root, 'app'), policy)).toBe(bin);
    expect(findInstalledBin('@acme/mcp-tool@1.2.3', root, policy)).toBe(bin);
  });

  it('refuses installed packages that are not MCP servers, saying why', () => {
    const unlisted = { allowLocalPackages: false, allowedPackages: [] };
    expect(() => findInstalledBin('@acme/mcp-tool', root, unlisted)).toThrow(
      /is installed on this machine but is not a known MCP server package: only @modelcontextprotocol\/ packages and those the operator lists/,
    );
    const checkout = join(import.meta.dirname, '../../..');
    for (const tool of ['tsx', 'vite', 'dynalite']) {
      expect(() => findInstalledBin(tool, checkout, unlisted)).toThrow(/not a known MCP server package/);
    }
    expect(findInstalledBin('@modelcontextprotocol/server-everything', checkout, unlisted)).toMatch(/\.js$/);
  });

  it('runs a local directory only where the stage allows it (never on AWS)', () => {
    const directory = `file:${join(root, 'node_modules/@acme/mcp-tool')}`;
    expect(() => findInstalledBin(directory, root, { ...policy, allowLocalPackages: false })).toThrow(
      /is a local directory: only npm packages can be run here/,
    );
    expect(findInstalledBin(directory, root, { ...policy, allowLocalPackages: true })).toMatch(/cli\.js$/);
  });

  it('leaves other versions and unknown packages to npm', () => {
    expect(findInstalledBin('@acme/mcp-tool@1.2.4', root, policy)).toBeUndefined();
    expect(findInstalledBin('not-installed-anywhere-xyz', root, policy)).toBeUndefined();
  });
});

describe('planLaunch', () => {
  const base = {
    serverEnv: { API_KEY: 'k' },
    privateDir: '/data/mcp/s1',
    sandbox: 'none' as const,
    hostPath: process.env.PATH ?? '',
    ...policy,
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

  it("has npm exec read its own installation's global npmrc, whichever Node runs it", () => {
    const prefix = mkdtempSync(join(tmpdir(), 'npm-prefix-'));
    const cli = join(prefix, 'lib/node_modules/npm/bin/npm-cli.js');
    mkdirSync(dirname(cli), { recursive: true });
    writeFileSync(cli, '', { mode: 0o755 });
    mkdirSync(join(prefix, 'bin'));
    symlinkSync(cli, join(prefix, 'bin/npm'));
    const hostPath = join(prefix, 'bin');
    const plan = () => planLaunch({ ...base, hostPath, packageSpec: 'some-mcp@1.0.0', packagesDir: root });
    // (The pinned Node has no npm beside it, so npm is found on the PATH.) With no global npmrc
    // there, nothing is set; with one, npm is pointed at it.
    expect(plan().env.npm_config_globalconfig).toBeUndefined();
    mkdirSync(join(prefix, 'etc'));
    writeFileSync(join(prefix, 'etc/npmrc'), 'cafile=/etc/ssl/certs/ca-certificates.crt\n');
    expect(plan().env.npm_config_globalconfig).toBe(join(prefix, 'etc/npmrc'));
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
  const privateDir = '/data/mcp/s1';

  it('drops every privilege: new namespaces, nobody, no capabilities, a new session', () => {
    const args = bwrapArgs(privateDir, []).join(' ');
    expect(args).toContain('--unshare-all --unshare-user --uid 65534 --gid 65534 --cap-drop ALL');
    expect(args).toContain('--die-with-parent --new-session');
    expect(args).not.toContain('--share-net'); // no network of its own: none at all
    expect(args).toContain('--proc /proc --dev /dev --tmpfs /tmp');
  });

  it('builds a new root of the system, node, the package and the private dir only', () => {
    const modules = '/work/app/node_modules';
    const args = bwrapArgs(privateDir, ['/opt/node', modules]);
    const joined = args.join(' ');
    expect(joined).toContain('--ro-bind /usr /usr');
    expect(joined).toContain(`--ro-bind /opt/node /opt/node --ro-bind ${modules} ${modules}`);
    expect(joined).toContain('--ro-bind-try /etc/ssl /etc/ssl');
    expect(joined).not.toMatch(/--ro-bind \/ \/|--bind \/ \//); // never the host's root
    expect(joined).not.toContain('/etc/shadow');
    expect(args.slice(-7)).toEqual([
      '--bind',
      privateDir,
      privateDir,
      '--remount-ro',
      '/',
      '--chdir',
      privateDir,
    ]);
    expect(joined).not.toContain('--setenv'); // values travel in the environment, not in argv
  });

  it("shares the sandbox's own network namespace with slirp4netns's resolver, when it has one", () => {
    const joined = bwrapArgs(privateDir, [], { resolvConf: '/run/x/resolv.conf' }).join(' ');
    expect(joined).toContain('--unshare-all --share-net');
    expect(joined).toContain('--ro-bind /run/x/resolv.conf /etc/resolv.conf');
  });
});
