import { GetParameterCommand, type SSMClient } from '@aws-sdk/client-ssm';
import * as z from 'zod';

const stripeKeysSchema = z.object({ secretKey: z.string().min(1), webhookSecret: z.string().min(1) });
export type StripeKeys = z.infer<typeof stripeKeysSchema>;

/**
 * Stripe's keys from an SSM SecureString parameter, JSON `{"secretKey", "webhookSecret"}`, that the
 * operator writes (lib/operator-secrets.ts, docs/deploy.md). The values never reach a log or an
 * error message.
 */
export function createStripeKeySource(options: { client: SSMClient; parameterName: string }) {
  return async (): Promise<StripeKeys> => {
    let stored: string | undefined;
    try {
      const { Parameter } = await options.client.send(
        new GetParameterCommand({ Name: options.parameterName, WithDecryption: true }),
      );
      stored = Parameter?.Value;
    } catch (error) {
      if ((error as { name?: string }).name !== 'ParameterNotFound') throw error;
      throw new Error(
        `Stripe is not set up: the SecureString parameter ${options.parameterName} is missing (docs/deploy.md)`,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(stored ?? '');
    } catch {
      value = undefined;
    }
    const parsed = stripeKeysSchema.safeParse(value);
    if (!parsed.success)
      throw new Error(
        `The Stripe parameter ${options.parameterName} must be JSON with non-empty "secretKey" and "webhookSecret"`,
      );
    return parsed.data;
  };
}
