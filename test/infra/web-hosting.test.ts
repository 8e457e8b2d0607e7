import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';
import { Capture, Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANDING_SESSION_GATE_SOURCE } from '../../lib/security-headers';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { runtimeConfigSchema } from '../../shared/src/schemas/runtime-config';
import { cspText, PRIVATE_ENCRYPTED_BUCKET, synthStack } from './synth';

let stack: AgentForgeStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synthStack());
}, 120_000);

const distributionConfig = (props: object) =>
  template.hasResourceProperties('AWS::CloudFront::Distribution', {
    DistributionConfig: Match.objectLike(props),
  });

/** config.json as deployed: the asset's text with each deploy-time marker replaced by a sample value. */
function deployedConfig(): unknown {
  const markers = new Capture();
  template.hasResourceProperties('Custom::CDKBucketDeployment', {
    SourceMarkers: [Match.anyValue(), markers],
  });
  const outdir = (stack.node.root as App).outdir;
  const assetDir = readdirSync(outdir).find((name) => {
    try {
      return readdirSync(join(outdir, name)).includes('config.json');
    } catch {
      return false;
    }
  });
  let text = readFileSync(join(outdir, assetDir ?? 'missing', 'config.json'), 'utf8');
  for (const [marker, value] of Object.entries(markers.asObject())) {
    const sample = JSON.stringify(value).includes('DomainName')
      ? 'd111111abcdef8.cloudfront.net'
      : 'sample-id';
    text = text.replaceAll(marker, sample);
  }
  return JSON.parse(text);
}

describe('the web bucket', () => {
  it('blocks all public access, enforces TLS and encrypts with S3-managed keys', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      ...PRIVATE_ENCRYPTED_BUCKET,
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('is readable by this distribution only, through origin access control', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
    distributionConfig({
      Origins: Match.arrayWith([
        Match.objectLike({
          OriginAccessControlId: Match.anyValue(),
          S3OriginConfig: { OriginAccessIdentity: '' },
        }),
      ]),
    });
  });
});

describe('the distribution', () => {
  it('serves the prerendered pages (/ and /landing, /login), /index.html for other client-side routes', () => {
    const functionArn = new Capture();
    distributionConfig({
      DefaultRootObject: 'landing.html',
      DefaultCacheBehavior: Match.objectLike({
        ViewerProtocolPolicy: 'redirect-to-https',
        FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: functionArn }],
      }),
    });
    const [functionId] = functionArn.asObject()['Fn::GetAtt'] as string[];
    const code: string = template.toJSON().Resources[functionId as string].Properties.FunctionCode;
    // The function as CloudFront runs it: the request's URI in, the rewritten URI out.
    const handler = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => {
      uri: string;
    };
    const served = (uri: string) => handler({ request: { uri } }).uri;
    expect(served('/')).toBe('/landing.html');
    expect(served('/landing')).toBe('/landing.html');
    expect(served('/login')).toBe('/login.html');
    expect(served('/signup')).toBe('/index.html');
    expect(served('/constructor')).toBe('/index.html');
    expect(served('/home/c/abc')).toBe('/index.html');
    expect(served('/assets/app-1234.js')).toBe('/assets/app-1234.js');
    expect(served('/config.json')).toBe('/config.json');
  });

  it('does not rewrite error responses, which would hide the API errors', () => {
    distributionConfig({ CustomErrorResponses: Match.absent() });
  });

  it('sends /api/* to the REST API uncached, with all methods and all viewer headers but Host', () => {
    // The exact stream paths come first (test/infra/streaming.test.ts): /api/* is the last behaviour.
    distributionConfig({
      CacheBehaviors: Match.arrayWith([
        Match.objectLike({
          PathPattern: '/api/*',
          AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
          CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
          OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
          ViewerProtocolPolicy: 'https-only',
        }),
      ]),
    });
    const behaviours = new Capture();
    distributionConfig({ CacheBehaviors: behaviours });
    expect((behaviours.asArray() as { PathPattern: string }[]).at(-1)?.PathPattern).toBe('/api/*');
  });
});

describe('the app deployment', () => {
  it('caches only the hashed assets for a year; every file that keeps its name is revalidated', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['*'],
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': Match.stringLikeRegexp('immutable') },
    });
    // index.html, the prerendered pages, config.json, workspace-preview.html, the artifact runtimes, the icon
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['assets/*'],
      Include: Match.absent(),
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
  });

  it('writes a config.json that the web app accepts, pointing at this distribution', () => {
    const config = runtimeConfigSchema.parse(deployedConfig());
    expect(config).toMatchObject({
      stage: 'test',
      region: 'us-east-1',
      apiBaseUrl: 'https://d111111abcdef8.cloudfront.net/api',
      streamUrl: 'https://d111111abcdef8.cloudfront.net/api/messages/generate-stream',
      streamAuthHeader: 'X-Id-Token',
    });
    expect(config).not.toHaveProperty('oauthDomain');
  });
});

describe('the code workspace preview page', () => {
  it('has its own policy: inline scripts (an opaque origin), nothing loaded or sent, framed by the app only', () => {
    const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const [id, policy] =
      Object.entries(policies).find(([, p]) =>
        p.Properties.ResponseHeadersPolicyConfig.Comment.startsWith('AgentForge workspace preview'),
      ) ?? [];
    const config = policy?.Properties.ResponseHeadersPolicyConfig;
    const csp: string = config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(csp).toContain("default-src 'none'");
    // Scripts of the app's origin too: the artifacts' runtimes (docs/decisions/chat.md, "Artifacts").
    expect(csp).toContain("script-src 'unsafe-inline' blob: 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('connect-src');
    expect(config.SecurityHeadersConfig).not.toHaveProperty('FrameOptions');
    distributionConfig({
      CacheBehaviors: Match.arrayWith([
        Match.objectLike({ PathPattern: '/workspace-preview.html', ResponseHeadersPolicyId: { Ref: id } }),
      ]),
    });
  });
});

describe('security headers of the web app', () => {
  it('sends a strict CSP, HSTS, nosniff, no framing and a referrer policy on every page', () => {
    const { template } = synthStack();
    const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const config = Object.values(policies).find((policy) =>
      policy.Properties.ResponseHeadersPolicyConfig.Comment.startsWith('AgentForge web app'),
    )?.Properties.ResponseHeadersPolicyConfig;
    // A join where the CSP names a resource (the attachments bucket's origin).
    const csp = cspText(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    // Scripts from the app's origin, and the landing page's one inline script by its hash.
    expect(csp).toContain(`script-src 'self' ${LANDING_SESSION_GATE_SOURCE};`);
    expect(csp.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("img-src 'self' data: blob:;");
    // Only its own pages in frames: the code workspace's preview page.
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('https://cognito-idp.us-east-1.amazonaws.com');
    expect(config.SecurityHeadersConfig).toMatchObject({
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: 31_536_000,
        IncludeSubdomains: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ ResponseHeadersPolicyId: Match.anyValue() }),
      }),
    });
  });
});
