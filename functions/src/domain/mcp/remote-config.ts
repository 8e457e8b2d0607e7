import { type McpServerConfigBody, SERVER_MESSAGES } from '@agentforge/shared';
import { ValidationError } from '../errors.js';
import type { SecretCipher } from '../secret-cipher.js';
import type { McpServerRecord } from './mcp-server.js';
import { mergeEnvironment, previewOf } from './secrets-preview.js';

export type RemoteBody = McpServerConfigBody & { url: string };

interface RemoteConfigDeps {
  cipher: SecretCipher;
  checkRemoteUrl: (url: string) => Promise<void>;
}

export const isRemoteBody = (body: McpServerConfigBody): body is RemoteBody => Boolean(body.url);

type Keys = Pick<McpServerRecord, 'userId' | 'serverId'>;

/** A remote server's static headers: their own purpose, so env ciphertext cannot stand in for them. */
const headersContext = (record: Keys) => ({
  purpose: 'mcp-server-headers',
  userId: record.userId,
  serverId: record.serverId,
});

/** A remote server's static headers, decrypted (for its connection only: the API shows previews). */
export async function headersOf(
  cipher: SecretCipher,
  record: McpServerRecord,
): Promise<Record<string, string>> {
  if (!record.headersCiphertext) return {};
  const plaintext = await cipher.decrypt(record.headersCiphertext, headersContext(record));
  return JSON.parse(plaintext) as Record<string, string>;
}

/**
 * A remote server's fields, for a new record or over a stored one (a hosted package edited into a
 * remote server loses its env): the URL checked against the outbound guard, the headers encrypted
 * (a masked value sent back unchanged keeps the stored one). `null` removes an attribute.
 */
export async function remoteFields(
  deps: RemoteConfigDeps,
  body: RemoteBody,
  keys: Keys,
  stored?: McpServerRecord,
) {
  if (body.memberVariables?.length) throw new ValidationError(SERVER_MESSAGES.memberValuesOnlyForPackages);
  await deps.checkRemoteUrl(body.url);
  const storedHeaders = stored ? await headersOf(deps.cipher, stored) : {};
  const headers = mergeEnvironment(body.headers ?? {}, storedHeaders, stored?.headersPreview ?? {});
  const headersCiphertext = Object.keys(headers).length
    ? await deps.cipher.encrypt(JSON.stringify(headers), headersContext(keys))
    : null;
  return {
    packageName: '',
    url: body.url,
    headersPreview: previewOf(headers),
    headersCiphertext,
    envPreview: {},
    envCiphertext: null,
    memberVariables: null,
  };
}

/** A record's fields without the `null`s (which only an update writes, as removals). */
export const withoutNulls = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as {
    [K in keyof T]: Exclude<T[K], null>;
  };
