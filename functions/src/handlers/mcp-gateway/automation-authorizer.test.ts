import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalCredentialMac } from '../../adapters/secrets/local-credential-mac.js';
import { createCredentialMinter, GATEWAY_CREDENTIAL_TTL_MS } from '../../domain/mcp/gateway-credential.js';
import { automationRunOf } from './automation-context.js';

/** The automation routes' Lambda authorizer, with the local stack's key (the KMS MAC: kms-credential-mac.test.ts). */
const keyFile = join(mkdtempSync(join(tmpdir(), 'authorizer-')), 'secrets.key');
writeFileSync(keyFile, randomBytes(32));
const mac = createLocalCredentialMac({ keyFile });
const minted = (ageMs = 0) => createCredentialMinter({ sign: mac.sign, now: () => Date.now() - ageMs });
const methodArn = 'arn:aws:execute-api:us-east-1:123456789012:api/api/POST/api/mcp-automation/srv-1';

let handler: typeof import('./automation-authorizer.js').handler;
beforeAll(async () => {
  // The function's environment at its cold start: composition reads it once.
  Object.assign(process.env, { STAGE: 'test', RUNTIME: 'local', LOCAL_SECRETS_KEY_FILE: keyFile });
  ({ handler } = await import('./automation-authorizer.js'));
});

const eventFor = (authorization: string | undefined, serverId = 'srv-1') =>
  ({
    type: 'REQUEST',
    methodArn,
    headers: authorization === undefined ? {} : { Authorization: authorization },
    pathParameters: { serverId },
  }) as unknown as APIGatewayRequestAuthorizerEvent;

const claims = { userId: 'user-1', serverId: 'srv-1', runId: 'run-1' };

describe('the automation authorizer', () => {
  it('allows this method with the run’s claims as the context', async () => {
    const credential = await minted()(claims);
    expect(await handler(eventFor(`Bearer ${credential}`))).toEqual({
      principalId: 'user-1',
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: methodArn }],
      },
      context: { userId: 'user-1', serverId: 'srv-1', runId: 'run-1' },
    });
    const team = await minted()({ ...claims, teamId: 'team-1' });
    expect((await handler(eventFor(`Bearer ${team}`))).context).toEqual({
      userId: 'user-1',
      teamId: 'team-1',
      serverId: 'srv-1',
      runId: 'run-1',
    });
  });

  it('refuses (API Gateway’s 401) a missing, tampered, forged, expired or other server’s credential', async () => {
    const genuine = await minted()(claims);
    const [prefix, , signature] = genuine.split('.');
    const tampered = `${prefix}.${Buffer.from(JSON.stringify({ ...claims, userId: 'user-2', exp: Date.now() + 60_000 })).toString('base64url')}.${signature}`;
    const forged = await createCredentialMinter({ sign: async () => Buffer.alloc(32, 7), now: Date.now })(
      claims,
    );
    const expired = await minted(GATEWAY_CREDENTIAL_TTL_MS + 1_000)(claims);
    for (const event of [
      eventFor(undefined),
      eventFor('Bearer '),
      eventFor('Bearer eyJhbGciOiJSUzI1NiJ9.e30.sig'),
      eventFor(`Bearer ${tampered}`),
      eventFor(`Bearer ${forged}`),
      eventFor(`Bearer ${expired}`),
      eventFor(`Bearer ${genuine}`, 'srv-2'),
    ])
      await expect(handler(event)).rejects.toThrow(/^Unauthorized$/);
  });
});

describe('the gateway’s side: the run from the authorizer’s context', () => {
  const withContext = (authorizer: unknown) =>
    ({ requestContext: { authorizer } }) as unknown as APIGatewayProxyEvent;

  it('takes the claims for the path’s server, and refuses (401) none or another server’s', () => {
    const context = { userId: 'user-1', serverId: 'srv-1', runId: 'run-1', principalId: 'user-1' };
    expect(automationRunOf(withContext(context), 'srv-1')).toEqual({
      userId: 'user-1',
      serverId: 'srv-1',
      runId: 'run-1',
    });
    expect(() => automationRunOf(withContext(context), 'srv-2')).toThrow('Unauthorized');
    expect(() => automationRunOf(withContext(null), 'srv-1')).toThrow('Unauthorized');
    // The Cognito authorizer's claims are no run.
    expect(() => automationRunOf(withContext({ claims: { sub: 'user-1' } }), 'srv-1')).toThrow(
      'Unauthorized',
    );
  });
});
