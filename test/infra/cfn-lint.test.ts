import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { parseStageConfig, type StageConfig } from '../../lib/stage-config';
import { cfnLint, findCfnLint } from './cfn-lint';
import { synthStack, testStageConfig } from './synth';

/**
 * What cfn-lint reports on CDK's own output that is not ours to fix, each with why. Anything else,
 * an error or a warning, fails.
 */
const KNOWN: Readonly<Record<string, string>> = {
  W3005:
    "CDK writes an explicit DependsOn beside a Ref/GetAtt to the same resource (its custom-resource providers, the identity pool's user pool): redundant, harmless.",
  W3010:
    'The MCP VPC’s subnets name availability zones: an offline synth has no account to look them up and CDK uses its placeholders (a deploy with credentials writes the real ones).',
  W3045:
    'The access-log bucket keeps the LogDeliveryWrite ACL: CloudFront’s standard logging writes through bucket ACLs, not a bucket policy.',
};

/** Every optional part of a production stage on (the web ACL, full monitoring, SES, a budget, threat protection). */
const PRODUCTION = parseStageConfig({
  ...testStageConfig,
  monitoring: 'full',
  alarmEmail: 'ops@example.com',
  webAclRateLimit: 1000,
  streamReservedConcurrency: 20,
  email: { fromAddress: 'no-reply@acme.example', identity: 'acme.example' },
  bedrockMonthlyBudgetUsd: 100,
  auditFailedSignIns: true,
  domain: {
    name: 'app.acme.example',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-1234-5678-9abc-def012345678',
  },
});

/** Synthesizes the stage and returns every template it wrote: the stage stack's and the nested stacks'. */
function templatesOf(config: StageConfig): string[] {
  const { stack } = synthStack({ config });
  const outdir = (stack.node.root as App).synth().directory;
  return readdirSync(outdir)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => join(outdir, file));
}

const linter = findCfnLint();
if (!linter) {
  // Loud on purpose: a run without the linter must not read as a clean lint.
  process.stderr.write(
    '\n*** cfn-lint is not installed: the synthesized templates were NOT linted (test/infra/cfn-lint.test.ts is skipped). ' +
      'Install it (scripts/ensure-system-packages.sh cfn-lint, or pip install cfn-lint). ***\n\n',
  );
}
// CFN_LINT_REQUIRED=1 turns a missing linter into a failure (a machine that must lint).
const required = process.env.CFN_LINT_REQUIRED === '1';

describe('cfn-lint on every synthesized template, nested stacks included', () => {
  it.skipIf(linter || !required)('has cfn-lint to run (CFN_LINT_REQUIRED=1)', () => {
    expect.fail('cfn-lint is not installed: scripts/ensure-system-packages.sh cfn-lint');
  });

  for (const [name, config] of [
    ['a development stage (the defaults)', testStageConfig],
    ['a production stage (every option on)', PRODUCTION],
  ] as const) {
    it.skipIf(!linter)(
      `finds no error or warning but the known ones, for ${name}`,
      () => {
        const templates = templatesOf(config);
        expect(templates.some((file) => file.endsWith('.nested.template.json'))).toBe(true);
        const findings = cfnLint(linter ?? [], templates)
          .filter((match) => match.Level !== 'Informational' && !(match.Rule.Id in KNOWN))
          .map(
            (match) =>
              `${match.Rule.Id} ${match.Filename.split('/').pop()}:${match.Location.Start.LineNumber} ${match.Message}`,
          );
        expect(findings).toEqual([]);
      },
      600_000,
    );
  }

  it.skipIf(!linter)('finds nothing at all in the deployer’s template (bin/deploy-in-codebuild.yml)', () => {
    const template = fileURLToPath(new URL('../../bin/deploy-in-codebuild.yml', import.meta.url));
    const findings = cfnLint(linter ?? [], [template]).map(
      (match) => `${match.Rule.Id} ${match.Level}:${match.Location.Start.LineNumber} ${match.Message}`,
    );
    expect(findings).toEqual([]);
  });
});
