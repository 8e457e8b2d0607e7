import { createHash, createHmac } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Mailer } from '../../domain/users/admission.js';

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Product mail through Amazon SES v2 (`SendEmail`), signed with SigV4
 * here (the repository has no SES client package). Credentials come from the SDK's default chain
 * (env, profile, SSO), resolved through a client the repository already has.
 */
export function createSesMailer(options: { region: string; from: string }): Mailer {
  const host = `email.${options.region}.amazonaws.com`;
  const path = '/v2/email/outbound-emails';
  return {
    async send({ to, subject, text }) {
      const credentials = await new DynamoDBClient({ region: options.region }).config.credentials();
      const body = JSON.stringify({
        FromEmailAddress: options.from,
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text } } } },
      });
      const amzDate = new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
      const day = amzDate.slice(0, 8);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        host,
        'x-amz-date': amzDate,
        ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
      };
      const names = Object.keys(headers).sort();
      const canonical = [
        'POST',
        path,
        '',
        ...names.map((name) => `${name}:${headers[name]}`),
        '',
        names.join(';'),
        sha256(body),
      ].join('\n');
      const scope = `${day}/${options.region}/ses/aws4_request`;
      const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
      let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
      for (const part of [options.region, 'ses', 'aws4_request']) key = hmac(key, part);
      const signature = createHmac('sha256', key).update(toSign).digest('hex');
      const response = await fetch(`https://${host}${path}`, {
        method: 'POST',
        headers: {
          ...headers,
          authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
        },
        body,
      });
      if (!response.ok) throw new Error(`SES SendEmail failed: ${response.status} ${await response.text()}`);
    },
  };
}
