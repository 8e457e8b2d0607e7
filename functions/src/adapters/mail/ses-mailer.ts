import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../../domain/mail.js';

/** What the local stack's SES (scripts/local/ses) accepts signatures from: nothing leaves the machine. */
export const LOCAL_SES_CREDENTIALS = { accessKeyId: 'local-ses', secretAccessKey: 'local-ses-secret' };

/**
 * Product mail through Amazon SES v2 (`SendEmail`) from the stage's verified address
 * (MAIL_FROM_ADDRESS, granted by lib/constructs/email.ts). What the mail is goes as the `kind`
 * message tag (for SES's event publishing; the local SES files it by it); a code the person types
 * is only ever in the text. `endpoint` and `credentials`: the local stack's SES.
 */
export function createSesMailer(options: {
  region: string;
  from: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}): Mailer {
  const ses = new SESv2Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  return {
    async send({ to, subject, text, kind }) {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: options.from,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text } } } },
          ...(kind ? { EmailTags: [{ Name: 'kind', Value: kind }] } : {}),
        }),
      );
    },
  };
}
