import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A message the local stack would have e-mailed. Never holds a password. */
export interface OutboxEntry {
  id: string;
  /** ISO timestamp of delivery. */
  at: string;
  to: string;
  kind:
    | 'sign-up-code'
    | 'resend-code'
    | 'password-reset-code'
    | 'attribute-verification-code'
    /** Product mail through the local SES (scripts/local/ses): a team's invitation. */
    | 'team-invitation'
    /** Product mail (no code): the waitlist admission. */
    | 'waitlist-admitted'
    /** Product mail (no code): an automation run's end or its wait for an approval. */
    | 'automation-run';
  subject: string;
  /** Empty for product mail. */
  code: string;
  text: string;
}

export type OutboxMessage = Omit<OutboxEntry, 'id' | 'at'>;

export interface Outbox {
  readonly filePath: string;
  append(message: OutboxMessage): Promise<OutboxEntry>;
  /** All entries, oldest first. */
  read(): Promise<OutboxEntry[]>;
}

/** An append-only JSON-lines outbox, e.g. `.local/outbox.jsonl`. */
export function createOutbox(filePath: string): Outbox {
  // Appends are chained so concurrent deliveries never interleave their lines.
  let queue: Promise<unknown> = Promise.resolve();

  return {
    filePath,
    append(message) {
      const entry: OutboxEntry = { id: randomUUID(), at: new Date().toISOString(), ...message };
      const write = queue.then(async () => {
        await mkdir(dirname(filePath), { recursive: true });
        await appendFile(filePath, `${JSON.stringify(entry)}\n`, 'utf8');
      });
      queue = write.catch(() => undefined);
      return write.then(() => entry);
    },
    async read() {
      await queue;
      let content: string;
      try {
        content = await readFile(filePath, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return content
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as OutboxEntry);
    },
  };
}
