import { BlockList, isIP } from 'node:net';

/**
 * Destinations a request made for a user (a Custom endpoint, a provider base URL) or a sandboxed
 * MCP package may not reach: loopback, private, link-local (the cloud metadata address and, in
 * Lambda, the runtime API on 127.0.0.1:9001), CGNAT, benchmarking, multicast, reserved, and the
 * IPv6 forms of all of these (IPv4-mapped, NAT64, unique-local).
 */
export const BLOCKED_IPV4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/4',
  '240.0.0.0/4',
];
export const BLOCKED_IPV6 = [
  '::/127',
  '::ffff:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001:db8::/32',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
];

/**
 * Refused even where private endpoints are allowed (the local stack, for a local Ollama): the cloud
 * metadata service (169.254.169.254, and fd00:ec2::254 on EC2's IPv6) and the rest of link-local.
 * Nobody runs a model there.
 */
const METADATA_AND_LINK_LOCAL_IPV4 = ['169.254.0.0/16'];
const METADATA_AND_LINK_LOCAL_IPV6 = ['fd00:ec2::254/128', 'fe80::/10'];

function blockListOf(ipv4: readonly string[], ipv6: readonly string[]): BlockList {
  const list = new BlockList();
  for (const [ranges, family] of [
    [ipv4, 'ipv4'],
    [ipv6, 'ipv6'],
  ] as const) {
    for (const range of ranges) {
      const [address, prefix] = range.split('/') as [string, string];
      list.addSubnet(address, Number(prefix), family);
    }
  }
  return list;
}

// Node's BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules: that range is checked
// through the embedded address instead (embeddedIpv4).
const blocked = blockListOf(
  BLOCKED_IPV4,
  BLOCKED_IPV6.filter((range) => range !== '::ffff:0:0/96'),
);
const alwaysBlocked = blockListOf(METADATA_AND_LINK_LOCAL_IPV4, METADATA_AND_LINK_LOCAL_IPV6);

/** The eight 16-bit groups of an IPv6 address (any form Node accepts, a trailing dotted quad too). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const [head, tail] = text.split('::');
  const [first, last] = [parse(head), parse(tail)];
  if (tail === undefined) return first;
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The IPv4 address an IPv6 address embeds, if any: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible
 * (::a.b.c.d, deprecated but still routed to the IPv4 address by some stacks) and NAT64 (64:ff9b::).
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const mappedOrCompatible = zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0);
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6);
  if (!mappedOrCompatible && !nat64) return undefined;
  const [high, low] = [groups[6] ?? 0, groups[7] ?? 0];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function check(list: BlockList, address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return list.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address: refuse rather than guess
  const inner = embeddedIpv4(bare);
  return list.check(bare, 'ipv6') || (inner !== undefined && list.check(inner, 'ipv4'));
}

/** Whether an IP address (v4 or v6, any textual form Node accepts) is one of the blocked ranges. */
export function isBlockedAddress(address: string): boolean {
  return check(blocked, address);
}

/** Whether an IP address is the metadata service or link-local: refused whatever the stage allows. */
export function isMetadataOrLinkLocal(address: string): boolean {
  return check(alwaysBlocked, address);
}
