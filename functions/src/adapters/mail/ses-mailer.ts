import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../../domain/mail.js';

/**
 * Product mail through Amazon SES v2 (`SendEmail`) from the stage's verified address
 * (MAIL_FROM_ADDRESS, granted by lib/constructs/email.ts). `endpoint`: tests only.
 */
export function createSesMailer(options: { region: string; from: string; endpoint?: string }): Mailer {
  const ses = new SESv2Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
  });
  return {
    async send({ to, subject, text }) {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: options.from,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text } } } },
        }),
      );
    },
  };
}
