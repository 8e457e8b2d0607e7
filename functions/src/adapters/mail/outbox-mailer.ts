import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import type { Mailer } from '../../domain/mail.js';

/**
 * Local stack only: product mail goes to the local outbox (`.local/outbox.jsonl`, shown on the
 * outbox page), in the same JSON-lines shape as the identity service's codes. One line per
 * message, written with O_APPEND, so lines from the two writers never interleave.
 */
export function createOutboxMailer(filePath: string): Mailer {
  return {
    async send(message) {
      const entry = { id: randomUUID(), at: new Date().toISOString(), code: '', ...message };
      await appendFile(filePath, `${JSON.stringify(entry)}\n`, { encoding: 'utf8', mode: 0o600 });
    },
  };
}
