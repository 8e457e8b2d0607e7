import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createStripeKeySource } from './stripe-keys.js';

const ssm = mockClient(SSMClient);
const parameterName = '/agentforge/qa/stripe';
const keys = { secretKey: 'sk_test_51abc', webhookSecret: 'whsec_abc' };

beforeEach(() => ssm.reset());

const read = () => createStripeKeySource({ client: new SSMClient({ region: 'us-east-1' }), parameterName })();

describe('the Stripe keys', () => {
  it('are read from the SecureString parameter, decrypted', async () => {
    ssm
      .on(GetParameterCommand, { Name: parameterName, WithDecryption: true })
      .resolves({ Parameter: { Value: JSON.stringify(keys), Type: 'SecureString' } });

    expect(await read()).toEqual(keys);
  });

  it('say how to set Stripe up when the parameter is missing', async () => {
    ssm.on(GetParameterCommand).rejects(new ParameterNotFound({ message: 'not found', $metadata: {} }));

    await expect(read()).rejects.toThrow(
      'Stripe is not set up: the SecureString parameter /agentforge/qa/stripe is missing (docs/deploy.md)',
    );
  });

  it('refuse a value without both keys, and never show it', async () => {
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: '{"secretKey":"sk_test_51abc"}' } });

    const error = (await read().catch((caught: unknown) => caught)) as Error;
    expect(error.message).toBe(
      'The Stripe parameter /agentforge/qa/stripe must be JSON with non-empty "secretKey" and "webhookSecret"',
    );
    expect(error.message).not.toContain('sk_test');
  });
});
