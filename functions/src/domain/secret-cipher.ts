/**
 * The secrets port: encrypts secrets at rest (provider API keys; later GitHub tokens and MCP env
 * values). KMS on AWS, AES-256-GCM with a local key file on the local stack. The context names
 * what a secret belongs to (its owner, its record) and must be given again to decrypt it, so a
 * ciphertext copied onto another record or user does not decrypt. Never log plaintexts.
 */
export type EncryptionContext = Readonly<Record<string, string>>;

export interface SecretCipher {
  /** Returns an opaque ASCII string safe to store. */
  encrypt(plaintext: string, context: EncryptionContext): Promise<string>;
  /** Rejects with SecretCipherError if the ciphertext was altered or the context differs. */
  decrypt(ciphertext: string, context: EncryptionContext): Promise<string>;
}

/** KMS Encrypt takes at most 4096 bytes of plaintext; the local cipher holds to the same limit. */
export const MAX_SECRET_BYTES = 4096;

/** Encryption or decryption failed. An internal error (500): it never says why to the caller. */
export class SecretCipherError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SecretCipherError';
  }
}

export function assertSecretSize(plaintext: string): void {
  if (Buffer.byteLength(plaintext, 'utf8') > MAX_SECRET_BYTES) {
    throw new SecretCipherError(`A secret may hold at most ${MAX_SECRET_BYTES} bytes`);
  }
}
