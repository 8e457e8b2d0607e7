import { describe, expect, it } from 'vitest';
import { isBlockedAddress, isMetadataOrLinkLocal } from './address-policy.js';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254', // cloud metadata
    '100.64.0.1', // CGNAT
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1', // IPv4-mapped
    '::ffff:7f00:1', // IPv4-mapped, hex
    '::ffff:a9fe:a9fe', // metadata, mapped, hex
    '64:ff9b::a9fe:a9fe', // NAT64 of the metadata address
    '::127.0.0.1', // IPv4-compatible loopback
    '::7f00:1', // the same, as the URL parser writes it
    '::10.0.0.1', // IPv4-compatible private
    '0:0:0:0:0:ffff:7f00:1', // mapped, uncompressed
    'fd00:ec2::254', // EC2's IPv6 metadata
    '[::1]',
    'not-an-address',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it('sees through the decimal, octal and hex IPv4 forms (the URL parser normalises them)', () => {
    for (const url of [
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://017700000001/',
    ]) {
      expect(isBlockedAddress(new URL(url).hostname)).toBe(true);
    }
  });
});

describe('isMetadataOrLinkLocal (refused even where private endpoints are allowed)', () => {
  it.each([
    '169.254.169.254',
    '169.254.0.1',
    'fd00:ec2::254',
    'fe80::1',
    'febf::1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::169.254.169.254', // IPv4-compatible
    '::a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '[fd00:ec2::254]',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isMetadataOrLinkLocal(address)).toBe(true);
  });

  it.each(['127.0.0.1', '::1', '::127.0.0.1', '10.0.0.1', 'fd00:ec2::253', 'fc00::1', '8.8.8.8'])(
    'leaves %s to the stage’s setting',
    (address) => {
      expect(isMetadataOrLinkLocal(address)).toBe(false);
    },
  );
});
