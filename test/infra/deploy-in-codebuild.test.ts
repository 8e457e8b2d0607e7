import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The deploy without a local Docker daemon: bin/deploy-in-codebuild.yml (a CodeBuild project and its
 * role) and bin/deploy-in-codebuild.sh, which CloudShell runs. cfn-lint checks the template with the
 * synthesized ones (cfn-lint.test.ts).
 */
const root = join(import.meta.dirname, '../..');
const script = join(root, 'bin/deploy-in-codebuild.sh');

interface Statement {
  Sid: string;
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}
interface Template {
  Resources: Record<string, { Type: string; Properties: unknown }>;
}

const template = parse(readFileSync(join(root, 'bin/deploy-in-codebuild.yml'), 'utf8')) as Template;
const resource = <T>(id: string) => (template.Resources[id]?.Properties ?? {}) as T;
const project = resource<{
  Environment: { PrivilegedMode: boolean; Image: string; ComputeType: string };
  Source: { Type: string; BuildSpec: string };
  ServiceRole: unknown;
}>('Deployer');
const role = resource<{
  ManagedPolicyArns?: unknown;
  Policies: { PolicyName: string; PolicyDocument: { Statement: Statement[] } }[];
}>('DeployerRole');
const statements = role.Policies.flatMap((policy) => policy.PolicyDocument.Statement);
const sid = (name: string) => statements.find((statement) => statement.Sid === name);

describe('the deployer template', () => {
  it('is a privileged CodeBuild project (Docker builds the MCP runner image) on its own role', () => {
    expect(project.Environment).toMatchObject({
      PrivilegedMode: true,
      Image: 'aws/codebuild/standard:7.0',
      ComputeType: 'BUILD_GENERAL1_MEDIUM',
    });
    expect(project.ServiceRole).toEqual({ 'Fn::GetAtt': ['DeployerRole', 'Arn'] });
    expect(project.Source.Type).toBe('NO_SOURCE');
  });

  it('runs npm ci, bootstraps CDK only where it is not, then npm run deploy for the stage', () => {
    const spec = parse(project.Source.BuildSpec) as {
      phases: Record<string, { commands?: string[]; 'runtime-versions'?: Record<string, number> }>;
    };
    expect(spec.phases.install?.['runtime-versions']).toEqual({ nodejs: 22 });
    const build = spec.phases.build?.commands ?? [];
    expect(build).toHaveLength(3);
    expect(build[0]).toMatch(/ && npm ci\b/);
    expect(build[1]).toMatch(
      /^aws ssm get-parameter --name \/cdk-bootstrap\/hnb659fds\/version .*\|\| .*npx cdk bootstrap /,
    );
    expect(build[2]).toMatch(/ && npm run deploy -- -c stage="\$STAGE" --require-approval never$/);
    // The checkout (uploaded, or cloned) and the stage file come first.
    expect(spec.phases.pre_build?.commands?.join('\n')).toMatch(/git clone --depth 1 .*"\$SOURCE_URL"/);
    expect(spec.phases.pre_build?.commands?.join('\n')).toContain('bin/stages/$STAGE.json');
  });

  it('gives the role no managed policy and no action on "*": the stack itself is deployed through CDK’s roles', () => {
    expect(role.ManagedPolicyArns).toBeUndefined();
    expect(JSON.stringify(statements)).not.toMatch(/"Resource":"\*"|"Action":"\*"|:\*"/);
    expect(statements.every((statement) => statement.Effect === 'Allow')).toBe(true);
    expect(sid('AssumeCdkRoles')).toMatchObject({ Action: ['sts:AssumeRole', 'sts:TagSession'] });
    expect(JSON.stringify(sid('AssumeCdkRoles')?.Resource)).toMatch(
      /:iam::\$\{AWS::AccountId\}:role\/cdk-hnb659fds-\*-\$\{AWS::AccountId\}-\$\{AWS::Region\}"\}$/,
    );
    expect(sid('ReadRun')).toMatchObject({
      Action: 's3:GetObject',
      Resource: { 'Fn::Sub': `\${SourceBucket.Arn}/runs/*` },
    });
    // Bootstrapping creates only CDK's own resources (named cdk-hnb659fds-… or /cdk-bootstrap/…).
    const bootstrap = role.Policies.find((policy) => policy.PolicyName === 'bootstrap')?.PolicyDocument
      .Statement;
    expect(bootstrap?.map((statement) => JSON.stringify(statement.Resource))).toEqual([
      expect.stringContaining(':stack/CDKToolkit/*'),
      expect.stringContaining(':role/cdk-hnb659fds-*'),
      expect.stringContaining(':s3:::cdk-hnb659fds-*'),
      expect.stringContaining(':repository/cdk-hnb659fds-*'),
      expect.stringContaining(':parameter/cdk-bootstrap/hnb659fds/*'),
    ]);
    expect(JSON.stringify(bootstrap)).not.toMatch(/iam:PassRole|iam:CreateUser|iam:\*|s3:\*/);
  });

  it('keeps the uploads private, TLS-only and for a day', () => {
    const bucket = resource<{
      PublicAccessBlockConfiguration: Record<string, boolean>;
      LifecycleConfiguration: { Rules: { ExpirationInDays: number }[] };
    }>('SourceBucket');
    expect(Object.values(bucket.PublicAccessBlockConfiguration)).toEqual([true, true, true, true]);
    expect(bucket.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ ExpirationInDays: 1 })]);
    expect(JSON.stringify(resource('SourceBucketPolicy'))).toContain('"aws:SecureTransport":"false"');
  });
});

/**
 * A stand-in `aws` on the PATH that records its arguments, keeps what is copied to S3 in a folder
 * and answers the few queries the script makes, with the build done at once.
 */
function fakeAws(dir: string): string {
  const bin = join(dir, 'bin');
  spawnSync('mkdir', ['-p', bin, join(dir, 's3')]);
  writeFileSync(
    join(bin, 'aws'),
    `#!/usr/bin/env bash
printf '%s\\n' "$*" >> "${dir}/calls"
case "$1 $2" in
  "s3 cp") cp "$4" "${dir}/s3/$(basename "$5")" ;;
  "cloudformation describe-stacks")
    case "$*" in
      *ProjectName*) echo agentforge-deployer ;;
      *SourceBucketName*) echo deployer-bucket ;;
      *LogGroupName*) echo /aws/codebuild/agentforge-deployer ;;
      *DistributionUrl*) echo https://d111111abcdef8.cloudfront.net ;;
    esac ;;
  "codebuild start-build") echo agentforge-deployer:0001 ;;
  "codebuild batch-get-builds")
    case "$*" in *buildStatus*) echo SUCCEEDED ;; *) echo None ;; esac ;;
esac
`,
  );
  chmodSync(join(bin, 'aws'), 0o755);
  return bin;
}

function run(args: string[], dir = mkdtempSync(join(tmpdir(), 'deployer-'))) {
  const result = spawnSync('bash', [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${fakeAws(dir)}:${process.env.PATH}` },
    timeout: 60_000,
  });
  const calls = (() => {
    try {
      return readFileSync(join(dir, 'calls'), 'utf8').trim().split('\n');
    } catch {
      return [];
    }
  })();
  return { ...result, calls, dir };
}

describe('bin/deploy-in-codebuild.sh', () => {
  it('is valid bash (and shellcheck-clean where shellcheck is installed)', () => {
    expect(spawnSync('bash', ['-n', script]).status).toBe(0);
    const shellcheck = spawnSync('shellcheck', ['--version']);
    if (shellcheck.status === 0)
      expect(spawnSync('shellcheck', [script], { encoding: 'utf8' }).stdout).toBe('');
  });

  it('refuses a bad stage name, a missing stage file or a branch without a repository, before any AWS call', () => {
    for (const args of [[], ['Prod'], ['nosuchstage'], ['dev', '--branch', 'main']]) {
      const result = run(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.calls).toEqual([]);
    }
  });

  it('deploys the deployer, uploads the checkout and the stage file, starts the build and prints the app', () => {
    const result = run(['dev']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.calls[0]).toMatch(
      /^cloudformation deploy --stack-name AgentForge-deployer --template-file .*\/bin\/deploy-in-codebuild\.yml --capabilities CAPABILITY_IAM/,
    );
    const start = result.calls.find((call) => call.startsWith('codebuild start-build'));
    expect(start).toContain('--project-name agentforge-deployer');
    expect(start).toContain('name=STAGE,value=dev,type=PLAINTEXT');
    expect(start).toMatch(
      /name=SOURCE_URL,value=s3:\/\/deployer-bucket\/runs\/[^/]+-dev-\d+\/source\.tar\.gz/,
    );
    expect(start).toMatch(/name=STAGE_FILE_URL,value=s3:\/\/deployer-bucket\/runs\/[^/]+\/stage\.json/);
    expect(readFileSync(join(result.dir, 's3/stage.json'), 'utf8')).toBe(
      readFileSync(join(root, 'bin/stages/dev.json'), 'utf8'),
    );
    // The checkout as git sees it: sources yes, node_modules and build output no.
    const listing = spawnSync('tar', ['-tzf', join(result.dir, 's3/source.tar.gz')], {
      encoding: 'utf8',
    }).stdout.split('\n');
    expect(listing).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'bin/app.ts']));
    expect(listing.some((file) => file.includes('node_modules') || file.startsWith('cdk.out'))).toBe(false);
    expect(result.stdout.trim().split('\n').at(-1)).toBe(
      'Stage dev deployed. The app: https://d111111abcdef8.cloudfront.net',
    );
  });

  it('with --repo, has CodeBuild clone that branch and uploads only the stage file', () => {
    const result = run(['dev', '--repo', 'https://github.com/acme/agentforge.git', '--branch', 'release']);
    expect(result.status).toBe(0);
    const start = result.calls.find((call) => call.startsWith('codebuild start-build'));
    expect(start).toContain('name=SOURCE_URL,value=https://github.com/acme/agentforge.git,type=PLAINTEXT');
    expect(start).toContain('name=SOURCE_BRANCH,value=release,type=PLAINTEXT');
    expect(result.calls.filter((call) => call.startsWith('s3 cp'))).toHaveLength(1);
  });
});
