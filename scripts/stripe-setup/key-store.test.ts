import { GetParameterCommand, ParameterNotFound, PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ssmKeyStore } from './key-store';

const ssm = mockClient(SSMClient);
const client = new SSMClient({ region: 'us-east-1' });
beforeEach(() => ssm.reset());

describe("the Stripe keys' store: the stage's SSM SecureString parameter", () => {
  it('reads the parameter decrypted and writes the two keys as a SecureString', async () => {
    ssm.on(GetParameterCommand, { Name: '/agentforge/prod/stripe', WithDecryption: true }).resolves({
      Parameter: { Value: JSON.stringify({ secretKey: 'sk_test_a', webhookSecret: 'whsec_a' }) },
    });
    const store = ssmKeyStore(client, 'prod');

    expect(await store.read()).toEqual({ secretKey: 'sk_test_a', webhookSecret: 'whsec_a' });
    await store.write({ secretKey: 'sk_test_b', webhookSecret: 'whsec_b' });
    expect(ssm.commandCalls(PutParameterCommand).map((call) => call.args[0].input)).toEqual([
      {
        Name: '/agentforge/prod/stripe',
        Type: 'SecureString',
        Tier: 'Standard',
        Overwrite: true,
        Value: JSON.stringify({ secretKey: 'sk_test_b', webhookSecret: 'whsec_b' }),
      },
    ]);
  });

  it('reads a missing parameter, or one that is not the two keys, as nothing stored', async () => {
    ssm
      .on(GetParameterCommand)
      .rejectsOnce(new ParameterNotFound({ message: 'not found', $metadata: {} }))
      .resolvesOnce({ Parameter: { Value: 'not json' } })
      .resolvesOnce({ Parameter: { Value: JSON.stringify({ secretKey: 'sk_test_a' }) } });
    const store = ssmKeyStore(client, 'prod');
    expect(await store.read()).toBeUndefined();
    expect(await store.read()).toBeUndefined();
    expect(await store.read()).toBeUndefined();
  });

  it('lets other failures through (no permission is not "nothing stored")', async () => {
    ssm.on(GetParameterCommand).rejects(new Error('AccessDeniedException'));
    await expect(ssmKeyStore(client, 'prod').read()).rejects.toThrow('AccessDeniedException');
  });
});
