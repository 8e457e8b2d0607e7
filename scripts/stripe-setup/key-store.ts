import {
  GetParameterCommand,
  ParameterNotFound,
  PutParameterCommand,
  type SSMClient,
} from '@aws-sdk/client-ssm';
import { stripeParameterName } from '../../lib/operator-secrets';

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

/** Where the stack reads Stripe's keys from: the setup's only contact with that choice. */
export interface StripeKeyStore {
  /** What is stored now (undefined: nothing, or nothing usable). */
  read(): Promise<StripeKeys | undefined>;
  write(keys: StripeKeys): Promise<void>;
}

/**
 * The stage's Stripe parameter (lib/operator-secrets.ts): an SSM SecureString, standard tier,
 * encrypted with `aws/ssm`, holding JSON `{secretKey, webhookSecret}`. The stack only grants
 * reading it; this writes it (CloudFormation cannot create a SecureString).
 */
export function ssmKeyStore(client: SSMClient, stage: string): StripeKeyStore {
  const Name = stripeParameterName(stage);
  return {
    async read() {
      let value: string | undefined;
      try {
        const { Parameter } = await client.send(new GetParameterCommand({ Name, WithDecryption: true }));
        value = Parameter?.Value;
      } catch (error) {
        if (error instanceof ParameterNotFound) return undefined;
        throw error;
      }
      let keys: Partial<StripeKeys> | undefined;
      try {
        keys = JSON.parse(value ?? '') as Partial<StripeKeys>;
      } catch {
        return undefined;
      }
      return keys?.secretKey && keys.webhookSecret
        ? { secretKey: keys.secretKey, webhookSecret: keys.webhookSecret }
        : undefined;
    },
    async write(keys) {
      await client.send(
        new PutParameterCommand({
          Name,
          Type: 'SecureString',
          Tier: 'Standard',
          Overwrite: true,
          Value: JSON.stringify({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret }),
        }),
      );
    },
  };
}
