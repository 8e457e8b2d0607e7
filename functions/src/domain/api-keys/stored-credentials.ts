import type { SecretCipher } from '../secret-cipher.js';
import { apiKeyEncryptionContext, type StoredApiKey } from './api-key.js';
import type { KeyedProvider, ProviderCredentials } from './provider-credentials.js';

/** The credentials of a stored key, decrypted for one provider call. Never log the result. */
export async function decryptCredentials(
  cipher: SecretCipher,
  record: StoredApiKey,
): Promise<ProviderCredentials> {
  const apiKey = record.ciphertext
    ? await cipher.decrypt(record.ciphertext, apiKeyEncryptionContext(record))
    : undefined;
  if (record.provider === 'custom') {
    if (!record.baseUrl) throw new Error(`Custom endpoint ${record.keyId} has no base URL`);
    return { provider: 'custom', baseUrl: record.baseUrl, ...(apiKey ? { apiKey } : {}) };
  }
  if (!apiKey) throw new Error(`Stored ${record.provider} key ${record.keyId} has no ciphertext`);
  return { provider: record.provider, apiKey, ...(record.baseUrl ? { baseUrl: record.baseUrl } : {}) };
}

/**
 * The key in use for a keyed provider: the newest (ULIDs sort by time). A new key replaces the
 * old one, but two racing writes may briefly leave both; the newest wins until one is deleted.
 */
export function currentKeyOf(
  records: readonly StoredApiKey[],
  provider: KeyedProvider,
): StoredApiKey | undefined {
  return records
    .filter((record) => record.provider === provider)
    .reduce<StoredApiKey | undefined>(
      (newest, record) => (!newest || record.keyId > newest.keyId ? record : newest),
      undefined,
    );
}
