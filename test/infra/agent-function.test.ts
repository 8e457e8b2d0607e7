import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { AgentFunction } from '../../lib/constructs/agent-function';
import { LAMBDA_ESBUILD_OPTIONS } from '../../lib/constructs/lambda-bundling';
import { fixtureHandler, projectRoot, testApp } from './synth';

describe('the shared function construct', () => {
  it('bundles each entry on its own, even two handlers of one folder', () => {
    const stack = new Stack(testApp(), 'Functions', {
      env: { region: 'us-east-1', account: '123456789012' },
    });
    new AgentFunction(stack, 'One', { entry: fixtureHandler, stage: 'test' });
    new AgentFunction(stack, 'Two', {
      entry: join(projectRoot, 'test/infra/fixtures/other-handler.ts'),
      stage: 'test',
    });
    const functions = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')) as {
      Properties: { Code: { S3Key: string }; Handler: string };
    }[];
    expect(functions).toHaveLength(2);
    expect(functions[0]?.Properties.Code.S3Key).not.toBe(functions[1]?.Properties.Code.S3Key);
    expect(functions.map((fn) => fn.Properties.Handler)).toEqual(['index.handler', 'index.handler']);
  });

  it('bundles code that loads a CommonJS package on first use so that it still works (the guarded fetch)', async () => {
    const outdir = await mkdtemp(join(tmpdir(), 'agentforge-bundle-test-'));
    const endpoint = createServer((_req, res) => res.end('hello from the endpoint'));
    let connections = 0;
    endpoint.on('connection', () => connections++);
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      await build({
        ...LAMBDA_ESBUILD_OPTIONS,
        entryPoints: { index: join(projectRoot, 'test/infra/fixtures/guarded-fetch-handler.ts') },
        outdir,
        logLevel: 'silent',
      });
      // A fresh node process, as a Lambda instance imports and invokes its bundle.
      const script =
        `const { handler } = await import(${JSON.stringify(pathToFileURL(join(outdir, 'index.mjs')).href)});` +
        `console.log(JSON.stringify(await handler({ url: process.argv[1] })));`;
      const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`;
      const { stdout } = await promisify(execFile)(process.execPath, [
        '--input-type=module',
        '-e',
        script,
        url,
      ]);
      expect(JSON.parse(stdout)).toEqual({ statusCode: 200, body: 'hello from the endpoint' });
      expect(connections).toBe(1); // the one opened ahead, taken by the request
    } finally {
      endpoint.close();
      await rm(outdir, { recursive: true, force: true });
    }
  });

  it("bundles a route whose shared (zod/mini) schema still answers in zod's English", async () => {
    const outdir = await mkdtemp(join(tmpdir(), 'agentforge-bundle-test-'));
    try {
      await build({
        ...LAMBDA_ESBUILD_OPTIONS,
        entryPoints: { index: join(projectRoot, 'test/infra/fixtures/validated-handler.ts') },
        outdir,
        logLevel: 'silent',
      });
      const tables = ['USERS', 'CONVERSATIONS', 'MESSAGES', 'MCP_SERVERS', 'API_KEYS', 'BILLING', 'USAGE']
        .concat(['AGENT_PLANS', 'WORKSPACE_FILES', 'TEAMS', 'AUDIT', 'OAUTH_CONNECTIONS', 'PROMPTS'])
        .concat(['AUTOMATIONS', 'KNOWLEDGE']);
      const script =
        `const { handler } = await import(${JSON.stringify(pathToFileURL(join(outdir, 'index.mjs')).href)});` +
        `console.log(JSON.stringify(await handler({ body: process.argv[1], headers: {}, requestContext: {} }, {})));`;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '-e', script, JSON.stringify({ defaultProvider: '', defaultModel: 5 })],
        {
          env: {
            PATH: process.env.PATH,
            STAGE: 'test',
            ...Object.fromEntries(tables.map((t) => [`TABLE_${t}`, 't'])),
          },
        },
      );
      const response = JSON.parse(stdout) as { statusCode: number; body: string };
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body).message).toBe(
        'Invalid request body: defaultProvider: Too small: expected string to have >=1 characters; ' +
          'defaultModel: Invalid input: expected string, received number',
      );
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});
