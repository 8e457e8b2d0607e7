import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll } from 'vitest';
import type { Api } from '../../lib/constructs/api';
import { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { parseStageConfig, type StageConfig } from '../../lib/stage-config';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const fixtureHandler = join(projectRoot, 'test/infra/fixtures/handler.ts');

export const testStageConfig: StageConfig = parseStageConfig({
  stage: 'test',
  domainPrefix: 'agentforge-test',
  allowedOrigins: ['https://app.example.com'],
  // A development stage: the Vite dev server may use it (off by default, see stage-config).
  allowLocalhost: true,
  whitelistedEmails: ['vip@example.com'],
});

/** The apps' output directories (a synth writes tens of MB of assets), removed after the file's tests. */
const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * An app writing to a fresh temporary directory. CDK's built-in CloudFormation validation costs
 * seconds per test file, so only the suite that asserts on it turns it on.
 */
export function testApp({ validate = false } = {}): App {
  const outdir = mkdtempSync(join(tmpdir(), 'agentforge-infra-'));
  outdirs.push(outdir);
  return new App({ outdir, builtinCloudFormationValidation: validate });
}

/**
 * Synthesizes the whole stage stack with the fixture handler for every area (and as the runner
 * image's bridge) and the placeholder web app: `template` is the stage stack's, `apiTemplate` the
 * API's nested stack's (see apiTemplateOf).
 */
export function synthStack({ config = testStageConfig, validate = false } = {}): {
  stack: AgentForgeStack;
  template: Template;
  apiTemplate: Template;
} {
  const stack = new AgentForgeStack(testApp({ validate }), 'AgentForge-test', {
    env: { region: 'us-east-1', account: '123456789012' },
    config,
    projectRoot,
    webAssetPath: join(projectRoot, 'lib/web-placeholder'),
    handlerEntry: () => fixtureHandler,
    runnerEntry: fixtureHandler,
  });
  return { stack, template: Template.fromStack(stack), apiTemplate: apiTemplateOf(stack.api) };
}

/**
 * The template of the nested stack an Api construct puts API Gateway in: the REST API, its
 * resources and methods, the authorizer, the deployment and stage, the invoke permissions. The
 * area functions are in the template of the stack the construct is in.
 */
export function apiTemplateOf(api: Api): Template {
  return Template.fromStack(api.gateway);
}

/**
 * What the parent stack passes a nested stack for a value of the nested template: a `{Ref}` to one
 * of its parameters becomes the parent's expression for it; anything else is returned as it is.
 */
export function passedIn(parent: Template, value: unknown): unknown {
  const name = (value as { Ref?: unknown } | null)?.Ref;
  if (typeof name !== 'string') return value;
  const stacks = Object.values(parent.findResources('AWS::CloudFormation::Stack')) as {
    Properties: { Parameters?: Record<string, unknown> };
  }[];
  const passed = stacks.filter((stack) => stack.Properties.Parameters && name in stack.Properties.Parameters);
  if (passed.length !== 1) return value; // a parameter of the template itself (or a pseudo parameter)
  return passed[0]?.Properties.Parameters?.[name];
}

/**
 * Asserts that the resource with this logical id matches `pattern` (`{Properties, DeletionPolicy,
 * ...}`): objects match partially at every depth, Match and Capture work anywhere in it.
 */
export function expectResource(
  template: Template,
  logicalId: string,
  pattern: Record<string, unknown>,
): void {
  template.templateMatches({ Resources: { [logicalId]: pattern } });
}

/** The properties of the resource of this type with this logical id (to read a value, not to assert). */
export function propertiesOf(template: Template, type: string, logicalId: string): Record<string, unknown> {
  const resource = template.findResources(type)[logicalId] as
    | { Properties?: Record<string, unknown> }
    | undefined;
  if (!resource) throw new Error(`no ${type} ${logicalId}`);
  return resource.Properties ?? {};
}

/** A bucket nobody reaches publicly, encrypted with S3-managed keys (properties, for Match). */
export const PRIVATE_ENCRYPTED_BUCKET = {
  PublicAccessBlockConfiguration: {
    BlockPublicAcls: true,
    BlockPublicPolicy: true,
    IgnorePublicAcls: true,
    RestrictPublicBuckets: true,
  },
  BucketEncryption: {
    ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
  },
};

/** A CSP (or any string CloudFormation joins) as text, with `<token>` where a value is filled in. */
export function cspText(value: string | { 'Fn::Join': [string, unknown[]] }): string {
  if (typeof value === 'string') return value;
  return value['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : '<token>')).join('');
}
