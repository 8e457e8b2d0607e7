import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalCredentialMac } from '../../functions/src/adapters/secrets/local-credential-mac.js';
import { createCredentialMinter } from '../../functions/src/domain/mcp/gateway-credential.js';
import type { LocalRequest } from './api-gateway-event.js';
import { runAutomationAuthorizer } from './lambda-authorizer.js';

/** The local API runs the automation routes' authorizer handler as API Gateway does. */
const keyFile = join(mkdtempSync(join(tmpdir(), 'local-authorizer-')), 'secrets.key');
writeFileSync(keyFile, randomBytes(32));
// The functions' environment, read once when the handler is first imported.
Object.assign(process.env, { STAGE: 'test', RUNTIME: 'local', LOCAL_SECRETS_KEY_FILE: keyFile });

const requestWith = (authorization?: string): LocalRequest => ({
  method: 'POST',
  url: new URL('http://localhost/api/mcp-automation/srv-1'),
  headers: authorization ? { authorization } : {},
  body: '{}',
  sourceIp: '127.0.0.1',
});
const run = (authorization?: string) =>
  runAutomationAuthorizer(requestWith(authorization), '/api/mcp-automation/{serverId}', {
    serverId: 'srv-1',
  });

describe('the local Lambda authorizer', () => {
  it('passes the handler’s context and principal on, as requestContext.authorizer', async () => {
    const credential = await createCredentialMinter({
      sign: createLocalCredentialMac({ keyFile }).sign,
      now: Date.now,
    })({ userId: 'user-1', teamId: 'team-1', serverId: 'srv-1', runId: 'run-1' });
    expect(await run(`Bearer ${credential}`)).toEqual({
      allowed: true,
      context: {
        userId: 'user-1',
        teamId: 'team-1',
        serverId: 'srv-1',
        runId: 'run-1',
        principalId: 'user-1',
      },
    });
  });

  it('answers 401 where the handler says Unauthorized', async () => {
    for (const header of [undefined, 'Bearer afrun1.e30.AAAA'])
      expect(await run(header)).toEqual({
        allowed: false,
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'Unauthorized' },
      });
  });
});
