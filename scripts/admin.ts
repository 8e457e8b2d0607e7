/**
 * `npm run admin -- <command>`: operator commands.
 *
 *   admit <email>   lets a waitlisted user in and e-mails them
 *
 * Against the local stack by default (`npm start` must be running: dynalite on DYNAMODB_PORT, the
 * outbox under LOCAL_DATA_DIR). With `--aws` it works on a deployed stage with the operator's AWS
 * credentials: TABLE_USERS names the stage's users table (the `TABLE_USERS` variable of any of the
 * stage's API functions), APP_URL the stage's web address, and the mail goes through SES from
 * MAIL_FROM_ADDRESS (the stage's `email.fromAddress`).
 */
import { join } from 'node:path';
import { createDocumentClient } from '../functions/src/adapters/dynamodb/document-client.js';
import { createUserDirectory } from '../functions/src/adapters/dynamodb/user-directory.js';
import { createUserRepository } from '../functions/src/adapters/dynamodb/user-repository.js';
import { createSesMailer } from '../functions/src/adapters/mail/ses-mailer.js';
import type { Mailer } from '../functions/src/domain/mail.js';
import { type AdmissionResult, admitUser } from '../functions/src/domain/users/admission.js';
import { createOutbox } from './local/outbox.js';

export interface AdminTarget {
  /** dynalite's URL (local) or none (AWS). */
  dynamodbEndpoint?: string;
  usersTable: string;
  region: string;
  mailer: Mailer;
  appUrl: string;
}

/** The local stack's target (`npm start`'s defaults, or a test stack's). */
export function localTarget(options: {
  dynamodbEndpoint: string;
  usersTable: string;
  outboxFile: string;
  appUrl: string;
}): AdminTarget {
  const outbox = createOutbox(options.outboxFile);
  return {
    dynamodbEndpoint: options.dynamodbEndpoint,
    usersTable: options.usersTable,
    region: 'us-east-1',
    appUrl: options.appUrl,
    // The admission e-mail straight to the outbox: the CLI runs with or without the stack.
    mailer: {
      send: async ({ to, subject, text }) => {
        await outbox.append({ to, kind: 'waitlist-admitted', subject, code: '', text });
      },
    },
  };
}

export async function admit(target: AdminTarget, email: string): Promise<AdmissionResult[]> {
  const db = createDocumentClient({
    region: target.region,
    ...(target.dynamodbEndpoint ? { endpoint: target.dynamodbEndpoint } : {}),
  });
  const users = createUserRepository(db, target.usersTable);
  return admitUser(
    {
      findByEmail: createUserDirectory(db, target.usersTable).findByEmail,
      update: users.update,
      mailer: target.mailer,
      appUrl: target.appUrl,
      now: Date.now,
    },
    email,
  );
}

const USAGE = 'Usage: npm run admin -- admit <email> [--aws]';

function targetFromEnv(aws: boolean): AdminTarget {
  if (!aws) {
    const dataDir = process.env.LOCAL_DATA_DIR ?? join(import.meta.dirname, '../.local');
    return localTarget({
      dynamodbEndpoint: `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? 4567}`,
      usersTable: 'local-users',
      outboxFile: join(dataDir, 'outbox.jsonl'),
      appUrl: `http://localhost:${process.env.WEB_PORT ?? 5173}`,
    });
  }
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`--aws needs ${name} (see the comment at the top of scripts/admin.ts)`);
    return value;
  };
  const region = process.env.AWS_REGION ?? 'us-east-1';
  return {
    usersTable: need('TABLE_USERS'),
    region,
    appUrl: need('APP_URL'),
    mailer: createSesMailer({ region, from: need('MAIL_FROM_ADDRESS') }),
  };
}

async function main(argv: string[]): Promise<number> {
  const aws = argv.includes('--aws');
  const [command, email] = argv.filter((arg) => arg !== '--aws');
  if (command !== 'admit' || !email) {
    console.error(USAGE);
    return 2;
  }
  const results = await admit(targetFromEnv(aws), email);
  for (const result of results) {
    if (result.status === 'not-found') console.error(`No user with the e-mail ${email}.`);
    else if (result.status === 'already-admitted')
      console.log(`${email} (${result.userId}) was already admitted.`);
    else console.log(`Admitted ${email} (${result.userId}); the e-mail is sent.`);
  }
  return results.some((result) => result.status === 'not-found') ? 1 : 0;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
