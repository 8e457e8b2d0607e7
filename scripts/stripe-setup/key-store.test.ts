import {
  GetSecretValueCommand,
  ListSecretsCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { stripeSecretDescription } from '../../lib/stage-resource-names';
import { secretsManagerKeyStore } from './key-store';

const secrets = mockClient(SecretsManagerClient);
const client = new SecretsManagerClient({ region: 'us-east-1' });
const arn = (name: string) => `arn:aws:secretsmanager:us-east-1:123456789012:secret:${name}`;
beforeEach(() => secrets.reset());

describe("the Stripe keys' store: the stage's Secrets Manager secret", () => {
  it('finds the secret by its exact description across pages, reads it and writes the two keys', async () => {
    const description = stripeSecretDescription('prod');
    secrets
      .on(ListSecretsCommand, { NextToken: undefined })
      .resolves({
        SecretList: [{ ARN: arn('other'), Description: `${description} (old)` }],
        NextToken: 'page-2',
      })
      .on(ListSecretsCommand, { NextToken: 'page-2' })
      .resolves({ SecretList: [{ ARN: arn('prod'), Description: description }] });
    secrets
      .on(GetSecretValueCommand, { SecretId: arn('prod') })
      .resolves({ SecretString: JSON.stringify({ secretKey: 'sk_test_a', webhookSecret: 'whsec_a' }) });
    const store = secretsManagerKeyStore(client, { stage: 'prod' });

    expect(await store.read()).toEqual({ secretKey: 'sk_test_a', webhookSecret: 'whsec_a' });
    await store.write({ secretKey: 'sk_test_b', webhookSecret: 'whsec_b' });
    expect(secrets.commandCalls(PutSecretValueCommand).map((call) => call.args[0].input)).toEqual([
      {
        SecretId: arn('prod'),
        SecretString: JSON.stringify({ secretKey: 'sk_test_b', webhookSecret: 'whsec_b' }),
      },
    ]);
    expect(secrets.commandCalls(ListSecretsCommand)[0]?.args[0].input.Filters).toEqual([
      { Key: 'description', Values: [description] },
    ]);
  });

  it("reads the deploy's placeholder (or anything else) as nothing stored", async () => {
    secrets
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: JSON.stringify({ secretKey: '', webhookSecret: '', placeholder: 'x' }) })
      .resolvesOnce({ SecretString: 'not json' });
    const store = secretsManagerKeyStore(client, { stage: 'prod', secretId: arn('given') });
    expect(await store.read()).toBeUndefined();
    expect(await store.read()).toBeUndefined();
    expect(secrets.commandCalls(ListSecretsCommand)).toHaveLength(0);
  });

  it('says what to do when the stage has no such secret, or several', async () => {
    const description = stripeSecretDescription('prod');
    secrets
      .on(ListSecretsCommand)
      .resolvesOnce({ SecretList: [] })
      .resolvesOnce({
        SecretList: [
          { ARN: arn('a'), Description: description },
          { ARN: arn('b'), Description: description },
        ],
      });
    const store = () => secretsManagerKeyStore(client, { stage: 'prod' });
    await expect(store().read()).rejects.toThrow(/deploy the stage first/);
    await expect(store().read()).rejects.toThrow(/STRIPE_SECRET_ID/);
  });
});
