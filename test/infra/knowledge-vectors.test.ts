import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { KnowledgeVectors } from '../../lib/constructs/knowledge-vectors';
import { COMMANDS } from './aws-calls';
import { cfnLint, findCfnLint } from './cfn-lint';
import { isAllowed, resolve, resourcesOf, roleStatements } from './iam-simulator';
import { testApp } from './synth';

/** The vector bucket construct alone, with one function granted each access. */
function build() {
  const stack = new Stack(testApp(), 'Vectors', { env: { region: 'us-east-1', account: '123456789012' } });
  const vectors = new KnowledgeVectors(stack, 'KnowledgeVectors');
  const fn = (id: string) =>
    new LambdaFunction(stack, id, {
      runtime: Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => {};'),
    });
  vectors.grant(fn('Indexer'), 'write');
  vectors.grant(fn('Searcher'), 'read');
  return { stack, template: Template.fromStack(stack) };
}

const SDK_CALLS = [
  'client-s3vectors:CreateIndex',
  'client-s3vectors:PutVectors',
  'client-s3vectors:DeleteVectors',
  'client-s3vectors:QueryVectors',
  'client-bedrock-runtime:InvokeModel',
];

describe('knowledge vectors (lib/constructs/knowledge-vectors.ts)', () => {
  const { stack, template } = build();
  const resources = resourcesOf(template);
  const roleOf = (fnPrefix: string) => {
    const fn = Object.entries(resources).find(
      ([id, r]) => r.Type === 'AWS::Lambda::Function' && id.startsWith(fnPrefix),
    )?.[1];
    const properties = (fn?.Properties ?? {}) as {
      Role: { 'Fn::GetAtt': [string, string] };
      Environment: { Variables: Record<string, unknown> };
    };
    const env = Object.entries(properties.Environment.Variables).map(([k, v]) => [k, resolve(resources, v)]);
    return { role: properties.Role['Fn::GetAtt'][0], env: Object.fromEntries(env) as Record<string, string> };
  };
  const callsFor = (fnPrefix: string, keys: readonly string[]) => {
    const { role, env } = roleOf(fnPrefix);
    const statements = roleStatements(resources, role);
    return keys.flatMap((key) =>
      (
        COMMANDS[key]?.({
          resources,
          env,
          use: { factory: 'createS3VectorIndex', module: 'adapters/s3vectors/s3-vector-index', path: '' },
          queriesIndexes: false,
          queriesOnlyIndexes: false,
        }) ?? []
      ).map((call) => ({ call, allowed: isAllowed(resources, statements, call) })),
    );
  };

  it('is one SSE-S3 vector bucket, retained', () => {
    template.resourceCountIs('AWS::S3Vectors::VectorBucket', 1);
    template.hasResource('AWS::S3Vectors::VectorBucket', {
      Properties: { EncryptionConfiguration: { SseType: 'AES256' } },
      DeletionPolicy: 'Retain',
    });
  });

  it('lets the indexer make, fill and empty the bucket’s indexes and embed, and tells it the bucket', () => {
    expect(roleOf('Indexer').env.KNOWLEDGE_VECTOR_BUCKET).toBe(
      '<KnowledgeVectorsBucket9AC8D5A2>'.replace(/<.*>/, roleOf('Indexer').env.KNOWLEDGE_VECTOR_BUCKET ?? ''),
    );
    const calls = callsFor('Indexer', SDK_CALLS);
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.filter((c) => !c.allowed).map((c) => c.call)).toEqual([]);
  });

  it('lets a searcher only query (and read what it filters on), nothing on another bucket or model', () => {
    const { role, env } = roleOf('Searcher');
    expect(env.KNOWLEDGE_VECTOR_BUCKET).toMatch(/^<KnowledgeVectorsBucket/);
    const allowed = callsFor('Searcher', SDK_CALLS)
      .filter((c) => c.allowed)
      .map((c) => c.call.action);
    expect([...new Set(allowed)].sort()).toEqual([
      'bedrock:InvokeModel',
      's3vectors:GetVectors',
      's3vectors:QueryVectors',
    ]);
    const statements = roleStatements(resources, role);
    const region = 'us-east-1';
    for (const call of [
      {
        action: 's3vectors:QueryVectors',
        resource: `arn:aws:s3vectors:${region}:123456789012:bucket/other/index/x`,
      },
      {
        action: 's3vectors:DeleteVectorBucket',
        resource: `arn:aws:s3vectors:${region}:123456789012:bucket/${env.KNOWLEDGE_VECTOR_BUCKET}`,
      },
      {
        action: 'bedrock:InvokeModel',
        resource: `arn:aws:bedrock:${region}::foundation-model/anthropic.claude-3-haiku-20240307-v1:0`,
      },
    ]) {
      expect(isAllowed(resources, statements, call)).toBe(false);
    }
  });

  it('has no cdk-nag finding on the bucket or the grants but the index wildcard, the bucket’s own indexes', () => {
    const findings = new AwsSolutionsChecks()
      .validateScope(stack)
      .violations.flatMap((violation) =>
        violation.violatingResources.map((r) => ({ rule: violation.ruleName, path: r.constructPath ?? '' })),
      );
    // The bare test functions' own findings (managed basic-execution policy, runtime) are not ours.
    const ours = findings.filter((f) => f.path.includes('/KnowledgeVectors/') || /Policy/.test(f.path));
    const indexWildcard =
      /^AwsSolutions-IAM5\[Resource::<KnowledgeVectorsBucket\w+\.VectorBucketArn>\/index\/\*\]$/;
    expect(ours.filter((f) => !indexWildcard.test(f.rule))).toEqual([]);
    const wildcards = ours.map((f) => f.path);
    expect(wildcards).toEqual([
      expect.stringMatching(/Indexer\/ServiceRole\/DefaultPolicy/),
      expect.stringMatching(/Searcher\/ServiceRole\/DefaultPolicy/),
    ]);
    const policies = template.findResources('AWS::IAM::Policy');
    const wildcard = Object.values(policies).flatMap((p) =>
      (p.Properties.PolicyDocument.Statement as { Resource: unknown }[])
        .map((st) => JSON.stringify(st.Resource))
        .filter((r) => r.includes('*')),
    );
    expect(wildcard.every((r) => r.includes('/index/*'))).toBe(true);
  });

  it('passes cfn-lint (it knows AWS::S3Vectors::VectorBucket)', async () => {
    const linter = findCfnLint();
    if (!linter) return console.warn('cfn-lint is not installed: skipped');
    const file = join(await mkdtemp(join(tmpdir(), 'vectors-template-')), 'template.json');
    writeFileSync(file, JSON.stringify(template.toJSON()));
    // W3005: CDK's Lambda function names its role in DependsOn beside the GetAtt (as in cfn-lint.test.ts).
    const matches = cfnLint(linter, [file]).filter(
      (m) => m.Level !== 'Informational' && m.Rule.Id !== 'W3005',
    );
    expect(matches.map((m) => `${m.Rule.Id} ${m.Message}`)).toEqual([]);
  });
});
