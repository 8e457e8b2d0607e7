import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSignedBy } from './admin-auth.js';

const credentials = { accessKeyId: 'LOCALTEST', secretAccessKey: 'the-local-secret' };
const verdicts: boolean[] = [];
const server = createServer(async (req: IncomingMessage, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  verdicts.push(
    isSignedBy(credentials, { method: req.method ?? '', url: req.url ?? '/', headers: req.headers, body }),
  );
  res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{"Users":[]}');
});
let endpoint: string;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

/** The real SDK signs; `tamper` changes the request after signing (as a man in the middle would). */
async function verdict(
  signer: typeof credentials,
  tamper?: (request: { body: string; headers: Record<string, string> }) => void,
) {
  const client = new CognitoIdentityProviderClient({ endpoint, region: 'us-east-1', credentials: signer });
  if (tamper) {
    client.middlewareStack.add(
      (next) => async (args) => {
        tamper(args.request as never);
        return next(args);
      },
      { step: 'deserialize' },
    );
  }
  await client.send(new ListUsersCommand({ UserPoolId: 'local_pool' }));
  return verdicts.at(-1);
}

describe('isSignedBy', () => {
  it('accepts a request the SDK signed with the credentials', async () => {
    expect(await verdict(credentials)).toBe(true);
  });

  it('refuses another secret, a changed body and a changed target', async () => {
    expect(await verdict({ ...credentials, secretAccessKey: 'guessed' })).toBe(false);
    expect(
      await verdict(credentials, (request) => {
        request.body = request.body.replace('local_pool', 'local_poo1'); // same length
      }),
    ).toBe(false);
    expect(
      await verdict(credentials, (request) => {
        request.headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.AdminDeleteUser';
      }),
    ).toBe(false);
  });
});
