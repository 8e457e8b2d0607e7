import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSesMailer } from './ses-mailer.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('the SES mailer (admin CLI)', () => {
  it('sends SES v2 SendEmail signed with SigV4 from the default credentials', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-example');
    vi.stubEnv('AWS_SESSION_TOKEN', '');
    vi.stubEnv('AWS_PROFILE', '');
    const fetch = vi.fn(async () => new Response('{"MessageId":"m-1"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);

    await createSesMailer({ region: 'us-east-1', from: 'no-reply@app.example' }).send({
      to: 'ada@example.com',
      subject: 'Hello',
      text: 'Welcome',
    });

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [
      string,
      RequestInit & { headers: Record<string, string> },
    ];
    expect(url).toBe('https://email.us-east-1.amazonaws.com/v2/email/outbound-emails');
    expect(JSON.parse(init.body as string)).toEqual({
      FromEmailAddress: 'no-reply@app.example',
      Destination: { ToAddresses: ['ada@example.com'] },
      Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Welcome' } } } },
    });
    const { authorization, 'x-amz-date': amzDate } = init.headers;
    const day = (amzDate as string).slice(0, 8);
    expect(authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/${day}/us-east-1/ses/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=[0-9a-f]{64}$`,
      ),
    );
    // The signature is the one SigV4 gives for this request (recomputed independently here).
    const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
    const canonical = [
      'POST',
      '/v2/email/outbound-emails',
      '',
      'content-type:application/json',
      'host:email.us-east-1.amazonaws.com',
      `x-amz-date:${amzDate}`,
      '',
      'content-type;host;x-amz-date',
      sha256(init.body as string),
    ].join('\n');
    const toSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/us-east-1/ses/aws4_request`, sha256(canonical)].join(
      '\n',
    );
    let key: Buffer = createHmac('sha256', 'AWS4secret-example').update(day).digest();
    for (const part of ['us-east-1', 'ses', 'aws4_request'])
      key = createHmac('sha256', key).update(part).digest();
    expect(authorization).toContain(`Signature=${createHmac('sha256', key).update(toSign).digest('hex')}`);
  });

  it('fails with what SES said', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-example');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Email address is not verified.', { status: 400 })),
    );
    await expect(
      createSesMailer({ region: 'us-east-1', from: 'no-reply@app.example' }).send({
        to: 'a@b.c',
        subject: 's',
        text: 't',
      }),
    ).rejects.toThrow('SES SendEmail failed: 400 Email address is not verified.');
  });
});
