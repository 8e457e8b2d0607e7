import { generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The hosted domain's TLS certificate: self-signed for `localhost` and 127.0.0.1, made on first
 * start and kept in the data directory (0600), made again a month before it expires. Node can sign
 * but not build X.509, and a self-signed leaf needs only a few DER structures: written here rather
 * than adding a dependency (Node's X509Certificate parses the result, which the tests check).
 */
export interface TlsCredentials {
  key: string;
  cert: string;
}

const VALID_DAYS = 365;
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;

function lengthOf(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), lengthOf(body.length), body]);
};
const sequence = (...parts: Buffer[]) => tlv(0x30, ...parts);
function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const digits = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) digits.unshift((value & 0x7f) | 0x80);
    bytes.push(...digits);
  }
  return tlv(0x06, Buffer.from(bytes));
}
const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));
const commonName = (name: string) =>
  sequence(tlv(0x31, sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from(name)))));
const extension = (id: string, value: Buffer) => sequence(oid(id), tlv(0x04, value));

/**
 * A DER INTEGER's bytes for a random serial: positive (top bit clear) and minimal (a first byte of
 * 0 before a byte under 0x80 is "illegal padding" to OpenSSL, 1 certificate in 256 before).
 */
export function certificateSerial(random: Buffer): Buffer {
  const serial = Buffer.from(random);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  return serial;
}

function selfSigned(): TlsCredentials {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const algorithm = sequence(oid('1.2.840.113549.1.1.11'), tlv(0x05)); // sha256WithRSAEncryption
  const serial = certificateSerial(randomBytes(16));
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore.getTime() + VALID_DAYS * 24 * 3600 * 1000);
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // v3
    tlv(0x02, serial),
    algorithm,
    commonName('localhost'),
    sequence(utcTime(notBefore), utcTime(notAfter)),
    commonName('localhost'),
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(
      0xa3,
      sequence(
        // subjectAltName: DNS localhost, IP 127.0.0.1
        extension(
          '2.5.29.17',
          sequence(tlv(0x82, Buffer.from('localhost')), tlv(0x87, Buffer.from([127, 0, 0, 1]))),
        ),
        extension('2.5.29.19', sequence()), // basicConstraints: not a CA
        extension('2.5.29.37', sequence(oid('1.3.6.1.5.5.7.3.1'))), // extKeyUsage: serverAuth
      ),
    ),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, algorithm, tlv(0x03, Buffer.from([0]), signature));
  const body = der.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${body.trimEnd()}\n-----END CERTIFICATE-----\n`,
  };
}

function usable(credentials: TlsCredentials): boolean {
  try {
    return new Date(new X509Certificate(credentials.cert).validTo).getTime() - Date.now() > RENEW_BEFORE_MS;
  } catch {
    return false;
  }
}

/** The certificate and key under `directory` (`hosted-domain.crt`, `hosted-domain.key`), made when missing or near expiry. */
export const loadTlsCredentials = (directory: string): TlsCredentials =>
  loadSelfSignedCertificate(directory, 'hosted-domain');

/**
 * A self-signed certificate and key kept as `<name>.crt` and `<name>.key` under `directory`, made
 * when missing or near expiry (the hosted domain's TLS; the local SAML IdP's signing certificate).
 */
export function loadSelfSignedCertificate(directory: string, name: string): TlsCredentials {
  const paths = { key: join(directory, `${name}.key`), cert: join(directory, `${name}.crt`) };
  try {
    const kept = { key: readFileSync(paths.key, 'utf8'), cert: readFileSync(paths.cert, 'utf8') };
    if (usable(kept)) return kept;
  } catch {
    // first start
  }
  const made = selfSigned();
  writeFileSync(paths.key, made.key, { mode: 0o600 });
  writeFileSync(paths.cert, made.cert, { mode: 0o600 });
  return made;
}
