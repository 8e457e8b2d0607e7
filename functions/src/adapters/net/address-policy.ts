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

const blocked = new BlockList();
for (const range of BLOCKED_IPV4) {
  const [address, prefix] = range.split('/') as [string, string];
  blocked.addSubnet(address, Number(prefix), 'ipv4');
}
// Node's BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules: that range is checked
// through the embedded address instead (isBlockedAddress).
for (const range of BLOCKED_IPV6.filter((range) => range !== '::ffff:0:0/96')) {
  const [address, prefix] = range.split('/') as [string, string];
  blocked.addSubnet(address, Number(prefix), 'ipv6');
}

/** The IPv4 address an IPv6 address embeds (mapped, compatible, NAT64), if any. */
function embeddedIpv4(address: string): string | undefined {
  const mapped = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [Number.parseInt(hex[1] as string, 16), Number.parseInt(hex[2] as string, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address (v4 or v6, any textual form Node accepts) is one of the blocked ranges. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address: refuse rather than guess
  const inner = embeddedIpv4(bare);
  return blocked.check(bare, 'ipv6') || (inner !== undefined && blocked.check(inner, 'ipv4'));
}
