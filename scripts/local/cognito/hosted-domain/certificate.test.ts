import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { certificateSerial, loadTlsCredentials } from './certificate.js';

describe("the hosted domain's certificate", () => {
  it('is a self-signed certificate for localhost and 127.0.0.1, its key 0600, kept across starts', () => {
    const directory = mkdtempSync(join(tmpdir(), 'hosted-domain-'));
    const first = loadTlsCredentials(directory);
    const certificate = new X509Certificate(first.cert);
    expect(certificate.checkHost('localhost')).toBe('localhost');
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.checkPrivateKey(createPrivateKey(first.key))).toBe(true);
    expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);
    expect(statSync(join(directory, 'hosted-domain.key')).mode & 0o777).toBe(0o600);
    expect(loadTlsCredentials(directory)).toEqual(first);
  });

  it('takes a serial that is a positive, minimal DER integer whatever the random bytes (no leading 0)', () => {
    for (const first of [0x00, 0x01, 0x7f, 0x80, 0xff]) {
      const serial = certificateSerial(Buffer.from([first, 0x00, 0x12]));
      expect(serial[0]).toBeGreaterThanOrEqual(0x40);
      expect(serial[0]).toBeLessThan(0x80);
      expect(serial.subarray(1)).toEqual(Buffer.from([0x00, 0x12]));
    }
  });
});
