import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * How the bridge starts the package: `node <bin>` when the package is installed where the bridge
 * can resolve it (or is a local directory), else `npm exec` (the cold path, 10-13 s); optionally
 * inside bubblewrap. The package never sees the bridge's environment: only the server's own values
 * plus PATH, HOME and TMPDIR pointing into the private directory.
 */
export interface LaunchOptions {
  /** npm spec (`name`, `@scope/name@1.2.3`) or a local package directory (`file:/abs/dir`, `/abs/dir`). */
  packageSpec: string;
  serverEnv: Record<string, string>;
  /** The package's only writable directory (its cwd; HOME and TMPDIR live inside it). */
  privateDir: string;
  /** Where installed packages are looked up: `node_modules` of this directory and its ancestors. */
  packagesDir: string;
  sandbox: 'bwrap' | 'none';
  /** Existing directories the sandboxed package must not even read (e.g. the local stack's data). */
  hidePaths: readonly string[];
  /** The bridge's PATH, to find `bwrap` and `npm`; never handed to the package. */
  hostPath: string;
}

export interface LaunchPlan {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  mode: 'installed' | 'npm-exec';
  sandboxed: boolean;
  /** Why the sandbox was wanted but not used. */
  warning?: string;
}

interface PackageJson {
  name?: string;
  version?: string;
  bin?: string | Record<string, string>;
}

const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export function parsePackageSpec(spec: string): { name: string; version?: string } | { directory: string } {
  if (spec.startsWith('file:')) return { directory: resolve(spec.slice('file:'.length)) };
  if (isAbsolute(spec)) return { directory: spec };
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  if (at < 0) return { name: spec };
  return { name: spec.slice(0, at), version: spec.slice(at + 1) };
}

function readPackageJson(directory: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as PackageJson;
  } catch {
    return undefined;
  }
}

/** The bin npm would run for `npx <name>`: the only one, or the one named after the package. */
export function binPath(directory: string, manifest: PackageJson): string | undefined {
  const { bin } = manifest;
  if (typeof bin === 'string') return join(directory, bin);
  if (!bin) return undefined;
  const entries = Object.entries(bin);
  const unscoped = (manifest.name ?? '').replace(/^@[^/]+\//, '');
  const chosen = entries.length === 1 ? entries[0] : entries.find(([name]) => name === unscoped);
  return chosen ? join(directory, chosen[1]) : undefined;
}

/**
 * The installed package's bin, or undefined when npm must fetch it. A pinned version must match
 * exactly; a range or tag accepts whatever is installed.
 */
export function findInstalledBin(spec: string, packagesDir: string): string | undefined {
  const parsed = parsePackageSpec(spec);
  if ('directory' in parsed) {
    const manifest = readPackageJson(parsed.directory);
    const bin = manifest && binPath(parsed.directory, manifest);
    if (!bin) throw new Error(`${spec} is not a package directory with a bin`);
    return bin;
  }
  for (let dir = resolve(packagesDir); ; dir = dirname(dir)) {
    const directory = join(dir, 'node_modules', parsed.name);
    const manifest = readPackageJson(directory);
    if (manifest?.name === parsed.name) {
      const pinned = parsed.version && EXACT_VERSION.test(parsed.version) ? parsed.version : undefined;
      if (pinned && manifest.version !== pinned) return undefined;
      return binPath(directory, manifest);
    }
    if (dirname(dir) === dir) return undefined;
  }
}

export function findExecutable(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** npm's CLI script, run with this node (npm itself may be a shell shim or absent from PATH). */
function findNpmCli(hostPath: string): string {
  const beside = resolve(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');
  if (existsSync(beside)) return beside;
  const npm = findExecutable('npm', hostPath);
  if (npm) {
    const viaShim = resolve(dirname(npm), '../lib/node_modules/npm/bin/npm-cli.js');
    if (existsSync(viaShim)) return viaShim;
  }
  throw new Error('npm was not found: the package is not installed and cannot be fetched');
}

const isWithin = (parent: string, child: string): boolean => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** bubblewrap: read-only system, private /tmp (see below), /dev and /proc, hidden paths, one writable dir. */
export function bwrapArgs(
  privateDir: string,
  hidePaths: readonly string[],
  needed: readonly string[],
): string[] {
  const args = ['--unshare-all', '--share-net', '--die-with-parent', '--new-session'];
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc');
  // A private /tmp, unless node or the package lives there (a checkout under /tmp, as CI's may
  // be): then /tmp stays visible read-only, and the package's TMPDIR is in its private dir anyway.
  if (!needed.some((path) => isWithin('/tmp', path))) args.push('--tmpfs', '/tmp');
  // Hidden directories become empty and read-only; one may hold the private dir (bound on top
  // before the remount), but not node or the package.
  const hidden = hidePaths.filter(
    (path) =>
      path !== '/' &&
      existsSync(path) &&
      statSync(path).isDirectory() &&
      !needed.some((neededPath) => isWithin(path, neededPath)) &&
      !isWithin(privateDir, path),
  );
  for (const path of hidden) args.push('--tmpfs', path);
  args.push('--bind', privateDir, privateDir);
  for (const path of hidden) args.push('--remount-ro', path);
  args.push('--chdir', privateDir);
  return args;
}

/** Whether bubblewrap can create its namespaces here (it cannot in some containers). */
export function probeBwrap(bwrap: string): string | undefined {
  const probe = spawnSync(bwrap, [...bwrapArgs('/tmp', [], []), '--', 'true'], {
    env: { PATH: '/usr/bin:/bin' },
    timeout: 10_000,
    encoding: 'utf8',
  });
  if (probe.status === 0) return undefined;
  return (probe.stderr || probe.error?.message || `exit code ${probe.status}`).trim();
}

export function planLaunch(options: LaunchOptions): LaunchPlan {
  const { privateDir } = options;
  const nodeDir = dirname(process.execPath);
  const path = [...new Set([nodeDir, '/usr/local/bin', '/usr/bin', '/bin'])].join(delimiter);
  const env = {
    ...options.serverEnv,
    PATH: path,
    HOME: join(privateDir, 'home'),
    TMPDIR: join(privateDir, 'tmp'),
  };
  const bin = findInstalledBin(options.packageSpec, options.packagesDir);
  const npmCli = bin ? undefined : findNpmCli(options.hostPath);
  const mode = bin ? 'installed' : 'npm-exec';
  const args = bin ? [bin] : [npmCli ?? '', 'exec', '--yes', '--', options.packageSpec];
  const plain: LaunchPlan = { command: process.execPath, args, env, cwd: privateDir, mode, sandboxed: false };
  if (options.sandbox !== 'bwrap') return plain;

  const bwrap = findExecutable('bwrap', options.hostPath);
  const problem = bwrap ? probeBwrap(bwrap) : 'bwrap is not installed';
  if (!bwrap || problem) {
    return { ...plain, warning: `Sandbox unavailable (${problem}); running the package without bubblewrap` };
  }
  // Environment values go through the process environment (owner-only in /proc), not bwrap's argv.
  const needed = [process.execPath, dirname(args[0] ?? process.execPath)];
  return {
    ...plain,
    command: bwrap,
    args: [...bwrapArgs(privateDir, options.hidePaths, needed), '--', process.execPath, ...args],
    sandboxed: true,
  };
}
