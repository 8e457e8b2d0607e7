import type { Messages } from 'cognito-local/lib/services/messages';
import type { Outbox, OutboxEntry } from '../outbox.js';

type Source = Parameters<Messages['deliver']>[1];

const E_MAILS: Partial<
  Record<Source, { kind: OutboxEntry['kind']; subject: string; text: (code: string) => string }>
> = {
  SignUp: {
    kind: 'sign-up-code',
    subject: 'Your verification code',
    text: (code) => `Your verification code is ${code}.`,
  },
  ResendCode: {
    kind: 'resend-code',
    subject: 'Your verification code',
    text: (code) => `Your verification code is ${code}.`,
  },
  ForgotPassword: {
    kind: 'password-reset-code',
    subject: 'Your password reset code',
    text: (code) => `Your password reset code is ${code}.`,
  },
  UpdateUserAttribute: {
    kind: 'attribute-verification-code',
    subject: 'Your verification code',
    text: (code) => `Your verification code is ${code}.`,
  },
  VerifyUserAttribute: {
    kind: 'attribute-verification-code',
    subject: 'Your verification code',
    text: (code) => `Your verification code is ${code}.`,
  },
};

/**
 * Every code cognito-local delivers (sign-up, resend, forgot password) passes through Messages.deliver
 * with its source; e-mails are appended to the outbox after cognito-local's own console print.
 */
export function withOutbox(inner: Messages, outbox: Outbox): Messages {
  return {
    async deliver(ctx, source, clientId, userPoolId, user, code, clientMetadata, deliveryDetails) {
      await inner.deliver(ctx, source, clientId, userPoolId, user, code, clientMetadata, deliveryDetails);
      const email = E_MAILS[source];
      if (deliveryDetails.DeliveryMedium !== 'EMAIL' || !email) return;
      await outbox.append({
        to: deliveryDetails.Destination,
        kind: email.kind,
        subject: email.subject,
        code,
        text: email.text(code),
      });
    },
  };
}
