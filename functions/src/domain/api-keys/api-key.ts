import { API_KEY_PROVIDERS, type ApiKeyView } from '@agentforge/shared';
import * as z from 'zod';
import type { EncryptionContext } from '../secret-cipher.js';

/**
 * A stored provider credential (table apiKeys: userId, keyId). The key itself is kept only as
 * `ciphertext` (SecretCipher, context: owner + key id); `last4` is all that is ever shown of it.
 * The four keyed providers hold one key per user (a new one replaces the old); `custom` holds
 * one item per endpoint.
 */
export const storedApiKeySchema = z.object({
  userId: z.string().min(1),
  /** ULID: time-sortable, so a user's keys list oldest first. */
  keyId: z.string().min(1),
  provider: z.enum(API_KEY_PROVIDERS),
  label: z.string(),
  baseUrl: z.string().optional(),
  last4: z.string().max(4),
  /** Absent for a custom endpoint stored without a key. */
  ciphertext: z.string().optional(),
  createdAt: z.number(),
});
export type StoredApiKey = z.infer<typeof storedApiKeySchema>;

export interface ApiKeyRepository {
  /** Writes a new item; never overwrites one. */
  create(record: StoredApiKey): Promise<void>;
  get(userId: string, keyId: string): Promise<StoredApiKey | undefined>;
  /** The user's keys, oldest first. */
  list(userId: string): Promise<StoredApiKey[]>;
  /** False if the user has no such key. */
  delete(userId: string, keyId: string): Promise<boolean>;
}

/** Binds a key's ciphertext to its owner and item: it does not decrypt anywhere else. */
export function apiKeyEncryptionContext(record: Pick<StoredApiKey, 'userId' | 'keyId'>): EncryptionContext {
  return { purpose: 'provider-api-key', userId: record.userId, keyId: record.keyId };
}

/** What the API shows of a stored key: never the key or its ciphertext. */
export function toApiKeyView(record: StoredApiKey): ApiKeyView {
  return {
    id: record.keyId,
    provider: record.provider,
    label: record.label,
    ...(record.baseUrl ? { baseUrl: record.baseUrl } : {}),
    last4: record.last4,
    createdAt: record.createdAt,
  };
}
