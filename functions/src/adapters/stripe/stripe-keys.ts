import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';

const stripeKeysSchema = z.object({ secretKey: z.string().min(1), webhookSecret: z.string().min(1) });
export type StripeKeys = z.infer<typeof stripeKeysSchema>;

/**
 * Stripe's keys from Secrets Manager: one secret, JSON `{"secretKey", "webhookSecret"}` (the CDK
 * billing construct creates it; the operator sets its value). The values never reach a log or an
 * error message.
 */
export function createStripeKeySource(options: { region: string; secretId: string }) {
  const client = new SecretsManagerClient({ region: options.region });
  return async (): Promise<StripeKeys> => {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: options.secretId }));
    let value: unknown;
    try {
      value = JSON.parse(SecretString ?? '');
    } catch {
      value = undefined;
    }
    const parsed = stripeKeysSchema.safeParse(value);
    if (!parsed.success)
      throw new Error('The Stripe secret must be JSON with non-empty "secretKey" and "webhookSecret"');
    return parsed.data;
  };
}
