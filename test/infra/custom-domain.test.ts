import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { parseStageConfig } from '../../lib/stage-config';
import { synthStack, testStageConfig } from './synth';

const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-1234-5678-9abc-def012345678';

/** A production stage: its own domain, no localhost. */
const PROD = parseStageConfig({
  ...testStageConfig,
  allowLocalhost: undefined,
  allowedOrigins: [],
  domain: { name: 'app.acme.example', certificateArn: CERTIFICATE },
});

let stack: AgentForgeStack;
let template: Template;
let apiTemplate: Template;

beforeAll(() => {
  ({ stack, template, apiTemplate } = synthStack({ config: PROD }));
});

/** The config.json the deploy uploads (its text; deploy-time values stay markers). */
function configJson(): string {
  const outdir = (stack.node.root as App).outdir;
  const assetDir = readdirSync(outdir).find((name) => {
    try {
      return readdirSync(join(outdir, name)).includes('config.json');
    } catch {
      return false;
    }
  });
  return readFileSync(join(outdir, assetDir ?? 'missing', 'config.json'), 'utf8');
}

describe('a custom domain', () => {
  it('is served by CloudFront with the stage’s certificate, SNI and TLS 1.2 at least', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.acme.example'],
        ViewerCertificate: {
          AcmCertificateArn: CERTIFICATE,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
    template.hasOutput('DistributionDomainName', {
      Value: { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] },
    });
    template.hasOutput('DistributionUrl', { Value: 'https://app.acme.example' });
  });

  it('is where the web app calls the API and the streams (config.json)', () => {
    const config = JSON.parse(configJson()) as Record<string, unknown>;
    expect(config).toMatchObject({
      apiBaseUrl: 'https://app.acme.example/api',
      streamUrl: 'https://app.acme.example/api/messages/generate-stream',
    });
  });

  it('is the only OAuth callback and logout target: no CloudFront domain, no localhost', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: ['https://app.acme.example', 'https://app.acme.example/'],
      LogoutURLs: ['https://app.acme.example', 'https://app.acme.example/'],
    });
  });

  it('leaves CORS closed to localhost (the app is same-origin with its API)', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^AgentForge users API'),
      Environment: { Variables: Match.objectLike({ ALLOWED_ORIGINS: '' }) },
    });
    const methods = apiTemplate.findResources('AWS::ApiGateway::Method');
    expect(Object.keys(methods).length).toBeGreaterThan(0);
    expect(JSON.stringify(methods)).not.toContain('localhost');
  });

  it('needs a certificate from us-east-1 (CloudFront’s only region for certificates)', () => {
    expect(() =>
      parseStageConfig({
        ...testStageConfig,
        domain: { name: 'app.acme.example', certificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-1') },
      }),
    ).toThrow(/us-east-1/);
  });
});

describe('without a custom domain', () => {
  it('CloudFront’s own domain and certificate serve the app', () => {
    const { template: plain } = synthStack();
    plain.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Aliases: Match.absent(), ViewerCertificate: Match.absent() }),
    });
  });
});

describe('localhost', () => {
  it('is never a callback or CORS origin unless the stage says so', () => {
    expect(parseStageConfig({ stage: 'x', domainPrefix: 'agentforge-x' }).allowLocalhost).toBe(false);
    const { template: noLocal } = synthStack({
      config: parseStageConfig({ ...testStageConfig, allowLocalhost: false }),
    });
    const client = JSON.stringify(noLocal.findResources('AWS::Cognito::UserPoolClient'));
    expect(client).not.toContain('localhost');
    expect(client).toContain('https://app.example.com');
  });
});
