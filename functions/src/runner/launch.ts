import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';

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
  /** The sandbox's own network (see sandbox-network.ts); without one a sandboxed package has none. */
  network?: { namespace: string; resolvConf: string };
  /** Why the sandbox has no network, for the log. */
  networkProblem?: string;
  /** The bridge's PATH, to find `bwrap` and `npm`; never handed to the package. */
  hostPath: string;
  /** Whether a local directory may be the package (tests and the local stack's opt-in; never on AWS). */
  allowLocalPackages: boolean;
  /** Installed packages besides the `@modelcontextprotocol/` scope that may run from the local install. */
  allowedPackages: readonly string[];
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
  if (isAbsolute(spec) || spec.startsWith('.')) return { directory: resolve(spec) };
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

export const MCP_SCOPE = '@modelcontextprotocol/';

/**
 * The installed package's bin, or undefined when npm must fetch it. A pinned version must match
 * exactly; a range or tag accepts whatever is installed. Installed packages run only when they are
 * MCP servers (the `@modelcontextprotocol/` scope or the operator's list): the machine's other
 * tools (tsx, vite, dynalite) are not servers to start on a user's request.
 */
export function findInstalledBin(
  spec: string,
  packagesDir: string,
  policy: Pick<LaunchOptions, 'allowLocalPackages' | 'allowedPackages'> = {
    allowLocalPackages: false,
    allowedPackages: [],
  },
): string | undefined {
  const parsed = parsePackageSpec(spec);
  if ('directory' in parsed) {
    if (!policy.allowLocalPackages) {
      throw new Error(`${spec} is a local directory: only npm packages can be run here`);
    }
    const manifest = readPackageJson(parsed.directory);
    const bin = manifest && binPath(parsed.directory, manifest);
    if (!bin) throw new Error(`${spec} is not a package directory with a bin`);
    return bin;
  }
  for (let dir = resolve(packagesDir); ; dir = dirname(dir)) {
    const directory = join(dir, 'node_modules', parsed.name);
    const manifest = readPackageJson(directory);
    if (manifest?.name === parsed.name) {
      if (!parsed.name.startsWith(MCP_SCOPE) && !policy.allowedPackages.includes(parsed.name)) {
        throw new Error(
          `${parsed.name} is installed on this machine but is not a known MCP server package: ` +
            `only ${MCP_SCOPE} packages and those the operator lists (MCP_ALLOWED_PACKAGES) run from the local install`,
        );
      }
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

/**
 * npm reads its global npmrc beside the Node that runs it (`<node prefix>/etc/npmrc`); run by
 * another Node (the project's pinned one) it would miss the settings of the npm installation it
 * is, such as the machine's `cafile`: point it at that installation's own (`<npm prefix>/etc/npmrc`).
 */
function npmGlobalConfig(npmCli: string): Record<string, string> {
  const globalconfig = resolve(dirname(npmCli), '../../../../etc/npmrc');
  return existsSync(globalconfig) ? { npm_config_globalconfig: globalconfig } : {};
}

const isWithin = (parent: string, child: string): boolean => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** What a Node package needs of the host's /etc (read-only, when present). */
const ETC_FILES = ['/etc/ssl', '/etc/ca-certificates', '/etc/hosts', '/etc/nsswitch.conf', '/etc/localtime'];

/** The top-level system directories: bound read-only, or re-created as the symlinks they are (merged /usr). */
function systemArgs(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const path of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    if (!existsSync(path)) continue;
    if (lstatSync(path).isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else args.push('--ro-bind', path, path);
  }
  return args;
}

/**
 * bubblewrap around an untrusted package: every namespace new (user, pid, ipc, uts, cgroup, mount,
 * and net unless `network` is the sandbox's own namespace, joined by `ip netns exec`), an
 * unprivileged uid/gid, no capabilities, a new session; a new root holding only the system
 * directories, what Node needs of /etc, `readOnly` (node, the package and its node_modules) and
 * `privateDir`, the one writable directory. Nothing else of the host exists inside: not the
 * checkout, its parents, $HOME or the local stack's data.
 */
export function bwrapArgs(
  privateDir: string,
  readOnly: readonly string[],
  network?: { resolvConf: string },
): string[] {
  const args = ['--unshare-all', ...(network ? ['--share-net'] : []), '--unshare-user'];
  args.push('--uid', '65534', '--gid', '65534', '--cap-drop', 'ALL', '--die-with-parent', '--new-session');
  args.push(...systemArgs());
  for (const path of ETC_FILES) args.push('--ro-bind-try', path, path);
  if (network) args.push('--ro-bind', network.resolvConf, '/etc/resolv.conf');
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  for (const path of new Set(readOnly)) {
    if (!isWithin('/usr', path)) args.push('--ro-bind', path, path);
  }
  // The new root itself (where bwrap made the mount points) is read-only too; /tmp is a private tmpfs.
  args.push('--bind', privateDir, privateDir, '--remount-ro', '/', '--chdir', privateDir);
  return args;
}

/** The package's directory and the node_modules it resolves its dependencies from. */
export function packageMounts(bin: string): string[] {
  const real = realpathSync(bin);
  let packageDir = dirname(real);
  while (!existsSync(join(packageDir, 'package.json')) && dirname(packageDir) !== packageDir) {
    packageDir = dirname(packageDir);
  }
  for (let dir = packageDir; dirname(dir) !== dir; dir = dirname(dir)) {
    const modules = join(dirname(dir), 'node_modules');
    if (existsSync(modules) && !isWithin(modules, packageDir)) return [packageDir, modules];
    if (basename(dirname(dir)) === 'node_modules') return [dirname(dir)];
  }
  return [packageDir];
}

/** Whether bubblewrap can create its namespaces here (it cannot in some containers). */
export function probeBwrap(bwrap: string): string | undefined {
  const probe = spawnSync(bwrap, [...bwrapArgs('/tmp', []), '--', 'true'], {
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
  const bin = findInstalledBin(options.packageSpec, options.packagesDir, options);
  const npmCli = bin ? undefined : findNpmCli(options.hostPath);
  if (npmCli) Object.assign(env, npmGlobalConfig(npmCli));
  const mode = bin ? 'installed' : 'npm-exec';
  const args = bin ? [bin] : [npmCli ?? '', 'exec', '--yes', '--', options.packageSpec];
  const plain: LaunchPlan = { command: process.execPath, args, env, cwd: privateDir, mode, sandboxed: false };
  if (options.sandbox !== 'bwrap') return plain;

  const bwrap = findExecutable('bwrap', options.hostPath);
  const problem = bwrap ? probeBwrap(bwrap) : 'bwrap is not installed';
  if (!bwrap || problem) {
    return { ...plain, warning: `Sandbox unavailable (${problem}); running the package without bubblewrap` };
  }
  // Node's install prefix (its lib/node_modules holds npm), the package and its node_modules.
  const nodePrefix = dirname(dirname(realpathSync(process.execPath)));
  const readOnly = [nodePrefix, ...(bin ? packageMounts(bin) : [])];
  // Environment values go through the process environment (owner-only in /proc), not bwrap's argv.
  const sandboxArgs = [...bwrapArgs(privateDir, readOnly, options.network), '--', process.execPath, ...args];
  const ip = options.network && findExecutable('ip', `${options.hostPath}:/usr/sbin:/sbin`);
  const networkWarning = options.network
    ? undefined
    : `Sandbox network unavailable (${options.networkProblem ?? 'not set up'}); the package runs with no network at all`;
  return {
    ...plain,
    command: ip && options.network ? ip : bwrap,
    args:
      ip && options.network
        ? ['netns', 'exec', options.network.namespace, bwrap, ...sandboxArgs]
        : sandboxArgs,
    sandboxed: true,
    ...(networkWarning ? { warning: networkWarning } : {}),
  };
}
