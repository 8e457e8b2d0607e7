import {
  GetSecretValueCommand,
  ListSecretsCommand,
  PutSecretValueCommand,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { stripeSecretDescription } from '../../lib/stage-resource-names';

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

/** Where the stack reads Stripe's keys from: the setup's only contact with that choice. */
export interface StripeKeyStore {
  /** What is stored now (undefined: the deploy's placeholder, or nothing usable). */
  read(): Promise<StripeKeys | undefined>;
  write(keys: StripeKeys): Promise<void>;
}

/**
 * The stage's Stripe secret in Secrets Manager (lib/constructs/billing.ts: JSON `{secretKey,
 * webhookSecret}`), found by its description since CloudFormation names it; `secretId` overrides.
 */
export function secretsManagerKeyStore(
  client: SecretsManagerClient,
  options: { stage: string; secretId?: string },
): StripeKeyStore {
  let secretId: Promise<string> | undefined;
  const resolve = () => {
    secretId ??= options.secretId
      ? Promise.resolve(options.secretId)
      : findByDescription(client, stripeSecretDescription(options.stage));
    return secretId;
  };
  return {
    async read() {
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: await resolve() }));
      let value: Partial<StripeKeys> | undefined;
      try {
        value = JSON.parse(SecretString ?? '') as Partial<StripeKeys>;
      } catch {
        return undefined;
      }
      return value?.secretKey && value.webhookSecret
        ? { secretKey: value.secretKey, webhookSecret: value.webhookSecret }
        : undefined;
    },
    async write(keys) {
      await client.send(
        new PutSecretValueCommand({
          SecretId: await resolve(),
          SecretString: JSON.stringify({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret }),
        }),
      );
    },
  };
}

async function findByDescription(client: SecretsManagerClient, description: string): Promise<string> {
  const matches: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(
      new ListSecretsCommand({ Filters: [{ Key: 'description', Values: [description] }], NextToken }),
    );
    for (const secret of page.SecretList ?? [])
      if (secret.Description === description && secret.ARN) matches.push(secret.ARN);
    NextToken = page.NextToken;
  } while (NextToken);
  if (matches.length === 1) return matches[0] as string;
  throw new Error(
    matches.length === 0
      ? `No secret described "${description}": deploy the stage first.`
      : `Several secrets are described "${description}" (${matches.join(', ')}; one kept from an earlier stack?): name the stage's in STRIPE_SECRET_ID.`,
  );
}
