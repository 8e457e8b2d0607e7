import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { modulesOf, rootsOf } from './function-code';
import { projectRoot, synthStack } from './synth';

/**
 * Code and environment must not drift: each function's composition roots are built with exactly
 * the environment the synthesized template gives that function (tokens resolved to placeholders),
 * as its handlers build them at runtime. Local-only roots are never reached on AWS.
 */
const LOCAL_ONLY_ROOTS = new Set(['localRunner']);
/** Where resolved tokens point: nothing listens there, so a call fails fast with a connection error. */
const PLACEHOLDER_URL = 'http://127.0.0.1:9/api';

type LambdaResource = {
  Properties: { Description?: string; Environment?: { Variables: Record<string, unknown> } };
};

/** A value of the right form for a variable whose value is a CloudFormation token. */
function placeholderFor(name: string): string {
  if (name.endsWith('_URL')) return PLACEHOLDER_URL;
  if (name === 'USER_POOL_ID') return 'us-east-1_Placeholder';
  return `placeholder-${name.toLowerCase()}`;
}

function placeholderEnvironment(variables: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : placeholderFor(name),
    ]),
  );
}

describe('every function builds its composition roots from its synthesized environment', () => {
  let functions: { description: string; modules: string[]; environment: Record<string, string> }[];

  beforeAll(() => {
    const { template } = synthStack();
    functions = Object.values(
      template.findResources('AWS::Lambda::Function') as Record<string, LambdaResource>,
    ).flatMap(({ Properties }) => {
      const modules =
        typeof Properties.Description === 'string' ? modulesOf(Properties.Description) : undefined;
      return modules
        ? [
            {
              description: Properties.Description as string,
              modules,
              // What Lambda itself sets.
              environment: {
                AWS_REGION: 'us-east-1',
                ...placeholderEnvironment(Properties.Environment?.Variables ?? {}),
              },
            },
          ]
        : [];
    });
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('finds every handler area, the stream, the reaper and the trigger', () => {
    expect(functions.map((fn) => fn.description).sort()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AgentForge conversations API/),
        expect.stringMatching(/^AgentForge mcp API/),
        expect.stringMatching(/^AgentForge mcp-gateway API/),
        expect.stringMatching(/^AgentForge stream messages\/generate-stream/),
        expect.stringMatching(/^AgentForge MCP reaper/),
        expect.stringMatching(/^Cognito post-confirmation trigger/),
      ]),
    );
  });

  it('builds each root a function reaches, with only that function environment', async () => {
    for (const fn of functions) {
      vi.resetModules();
      vi.unstubAllEnvs();
      for (const name of Object.keys(process.env))
        if (/^(TABLE_|API_|GATEWAY_|LOCAL_|USER_POOL|RUNTIME|STAGE|DYNAMODB_)/.test(name))
          vi.stubEnv(name, undefined);
      for (const [name, value] of Object.entries(fn.environment)) vi.stubEnv(name, value);
      for (const [file, names] of rootsOf(fn.modules)) {
        const roots = (await import(
          /* @vite-ignore */ join(projectRoot, 'functions/src/composition', `${file}.ts`)
        )) as Record<string, unknown>;
        for (const name of names) {
          const root = roots[name];
          if (typeof root !== 'function' || root.length > 0 || LOCAL_ONLY_ROOTS.has(name)) continue;
          expect(() => {
            // A root that also reads (appOrigins: SSM) answers a promise: only its building is checked here.
            const built: unknown = root();
            if (built instanceof Promise) built.catch(() => undefined);
          }, `${fn.description}: ${file}.${name}()`).not.toThrow();
        }
      }
    }
  });

  it('lets the stream reach MCP servers through the API (start on demand, then tools)', async () => {
    const stream = functions.find((fn) =>
      fn.description.startsWith('AgentForge stream messages/generate-stream'),
    );
    for (const [name, value] of Object.entries(stream?.environment ?? {})) vi.stubEnv(name, value);
    const { mcpToolSource } = await import('../../functions/src/composition/mcp-tools.js');
    const attempt = mcpToolSource().forServer(
      { userId: 'u', email: 'u@example.com', idToken: 'token' },
      'server-1',
      () => {},
    );
    // It gets as far as calling the API at the configured URL (nothing listens at the placeholder).
    await expect(attempt).rejects.toThrow(/fetch failed/);
  });
});
