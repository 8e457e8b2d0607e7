import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAppOrigins } from './app-origins.js';

const ssm = mockClient(SSMClient);
const parameterName = '/agentforge/qa/app-origin';
const cloudFront = 'https://d111111abcdef8.cloudfront.net';

beforeEach(() => ssm.reset());

const origins = (fixed: readonly string[]) =>
  createAppOrigins({ client: new SSMClient({ region: 'us-east-1' }), parameterName, fixed });

describe('the app origins', () => {
  it('puts the deployed app (its CloudFront domain, from the parameter) first, then the stage’s others', async () => {
    ssm.on(GetParameterCommand, { Name: parameterName }).resolves({ Parameter: { Value: cloudFront } });

    expect(await origins(['http://localhost:5173'])()).toEqual([cloudFront, 'http://localhost:5173']);
  });

  it('reads the parameter once per container and lists an origin once', async () => {
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'https://app.acme.example' } });
    const appOrigins = origins(['https://app.acme.example']);

    await appOrigins();
    expect(await appOrigins()).toEqual(['https://app.acme.example']);
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(1);
  });

  it('retries a failed read on the next call', async () => {
    ssm
      .on(GetParameterCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ Parameter: { Value: cloudFront } });
    const appOrigins = origins([]);

    await expect(appOrigins()).rejects.toThrow('throttled');
    expect(await appOrigins()).toEqual([cloudFront]);
  });

  it('answers the stage’s origins without AWS when there is no parameter (the local stack)', async () => {
    const local = createAppOrigins({
      client: new SSMClient({ region: 'us-east-1' }),
      parameterName: undefined,
      fixed: ['http://localhost:5173'],
    });
    expect(await local()).toEqual(['http://localhost:5173']);
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(0);
  });
});
