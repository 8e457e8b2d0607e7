import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSesMailer, LOCAL_SES_CREDENTIALS } from '../../../functions/src/adapters/mail/ses-mailer.js';
import { createOutbox, type Outbox } from '../outbox.js';
import { type LocalSes, startLocalSes } from './server.js';

let dir: string;
let outbox: Outbox;
let ses: LocalSes;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentforge-ses-'));
  outbox = createOutbox(join(dir, 'outbox.jsonl'));
  ses = await startLocalSes({ outbox });
});
afterAll(async () => {
  await ses?.stop();
  await rm(dir, { recursive: true, force: true });
});

const mailer = (credentials = LOCAL_SES_CREDENTIALS) =>
  createSesMailer({
    region: 'us-east-1',
    from: 'no-reply@agentforge.localhost',
    endpoint: ses.url,
    credentials,
  });

describe('the local SES', () => {
  it("files the SES client's SendEmail in the outbox, with its kind and the code of its link", async () => {
    const text =
      'Ada invites you.\n\nJoin: http://localhost:5173/teams/join?code=abc_DEF-123\n\nOr type the code.';
    await mailer().send({
      to: 'cleo@example.com',
      subject: 'You are invited',
      text,
      kind: 'team-invitation',
    });
    const [entry] = (await outbox.read()).slice(-1);
    expect(entry).toMatchObject({
      to: 'cleo@example.com',
      kind: 'team-invitation',
      subject: 'You are invited',
      code: 'abc_DEF-123',
      text,
    });
  });

  it('files mail without a link with no code', async () => {
    await mailer().send({
      to: 'ada@example.com',
      subject: 'Welcome',
      text: 'You are in.',
      kind: 'waitlist-admitted',
    });
    expect((await outbox.read()).at(-1)).toMatchObject({ kind: 'waitlist-admitted', code: '' });
  });

  it('refuses a request signed with another secret, and mail of no known kind, as SES errors', async () => {
    const before = (await outbox.read()).length;
    await expect(
      mailer({ ...LOCAL_SES_CREDENTIALS, secretAccessKey: 'wrong' }).send({
        to: 'a@example.com',
        subject: 's',
        text: 't',
        kind: 'team-invitation',
      }),
    ).rejects.toThrow('does not match');
    await expect(mailer().send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(
      "'kind' tag",
    );
    expect(await outbox.read()).toHaveLength(before);
  });
});
