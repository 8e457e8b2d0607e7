import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '@agentforge/shared';
import { BLOCKED_IPV4, BLOCKED_IPV6 } from '../adapters/net/address-policy.js';
import { findExecutable } from './launch.js';

/**
 * The sandboxed package's own network: a fresh network namespace whose only way out is
 * slirp4netns (user-mode TCP/IP, host loopback disabled), with nftables rejecting every private,
 * loopback, link-local, CGNAT, multicast and reserved destination. So the package reaches the
 * internet (npm, the APIs it wraps) and nothing of the host or its networks: not the local stack's
 * DynamoDB, identity service or API, not the cloud metadata address.
 */
export interface SandboxNetwork {
  /** `ip netns exec <namespace> …` runs a command inside it. */
  namespace: string;
  /** The resolv.conf to bind over /etc/resolv.conf: slirp4netns's DNS forwarder. */
  resolvConf: string;
  close(): void;
}

/** slirp4netns's fixed addresses with `--configure`: the guest is 10.0.2.100, DNS 10.0.2.3. */
const SLIRP_DNS = '10.0.2.3';

const NFT_RULES = `
table inet agentforge_sandbox {
  chain output {
    type filter hook output priority 0; policy accept;
    oif "lo" accept
    ip daddr ${SLIRP_DNS} meta l4proto { tcp, udp } th dport 53 accept
    ip daddr { ${BLOCKED_IPV4.join(', ')} } reject
    ip6 daddr { ${BLOCKED_IPV6.join(', ')} } reject
  }
}
`;

const RUN_DIR = '/run/agentforge-sandbox';

function run(command: string, args: string[], input?: string): string | undefined {
  const result = spawnSync(command, args, { input, encoding: 'utf8', timeout: 10_000 });
  if (result.status === 0) return undefined;
  return (result.stderr || result.error?.message || `${command} exited with ${result.status}`).trim();
}

/** Opens the network, or says why it cannot (then the package must run with no network at all). */
export async function openSandboxNetwork(hostPath: string): Promise<SandboxNetwork | { problem: string }> {
  const tools = Object.fromEntries(
    ['ip', 'nft', 'slirp4netns'].map((name) => [name, findExecutable(name, hostPath)]),
  );
  const missing = Object.entries(tools).filter(([, path]) => !path);
  if (missing.length) return { problem: `${missing.map(([name]) => name).join(', ')} not installed` };
  if (process.getuid?.() !== 0) return { problem: 'creating a network namespace needs root' };
  const ip = tools.ip as string;

  const namespace = `agentforge-${randomBytes(6).toString('hex')}`;
  const problem = run(ip, ['netns', 'add', namespace]);
  if (problem) return { problem: `ip netns add: ${problem}` };
  const dir = join(RUN_DIR, namespace);
  let slirp: ChildProcess | undefined;
  const close = () => {
    slirp?.kill('SIGKILL');
    run(ip, ['netns', 'delete', namespace]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const nft = run(ip, ['netns', 'exec', namespace, tools.nft as string, '-f', '-'], NFT_RULES);
    if (nft) throw new Error(`nft: ${nft}`);
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    const resolvConf = join(dir, 'resolv.conf');
    writeFileSync(resolvConf, `nameserver ${SLIRP_DNS}\n`, { mode: 0o644 });
    const child = spawn(
      tools.slirp4netns as string,
      [
        '--configure',
        '--mtu=65520',
        '--disable-host-loopback',
        '--ready-fd=3',
        '--netns-type=path',
        `/var/run/netns/${namespace}`,
        'tap0',
      ],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    slirp = child;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    await new Promise<void>((resolve, reject) => {
      child.stdio[3]?.once('data', () => resolve());
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`slirp4netns exited (${code}): ${stderr.trim()}`)));
    });
    child.removeAllListeners('exit');
    child.unref();
    return { namespace, resolvConf, close };
  } catch (error) {
    close();
    return { problem: errorMessage(error) };
  }
}
