import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseStageConfig } from '../../lib/stage-config';
import { synthStack, testStageConfig } from './synth';

/** The stage file's sign-up controls: selfSignUp, allowedEmailDomains, allowedIpRanges. */
let closed: Template;
let plain: Template;
let google: Template;

beforeAll(() => {
  closed = synthStack({
    config: parseStageConfig({
      ...testStageConfig,
      selfSignUp: false,
      allowedEmailDomains: ['acme.example'],
      allowedIpRanges: ['203.0.113.0/24', '198.51.100.7/32', '2001:db8::/32'],
    }),
  }).template;
  plain = synthStack().template;
  google = synthStack({
    config: parseStageConfig({
      ...testStageConfig,
      google: { clientId: 'google-client-id', clientSecretName: 'agentforge/test/google' },
    }),
  }).template;
}, 300_000);

describe('the stage file', () => {
  it('lets anyone sign up from anywhere by default', () => {
    const config = parseStageConfig({ stage: 'qa' });
    expect(config).toMatchObject({ selfSignUp: true, allowedEmailDomains: [], allowedIpRanges: [] });
  });

  it('refuses a range that is not a CIDR, and a domain with an @, naming the field', () => {
    expect(() => parseStageConfig({ stage: 'qa', allowedIpRanges: ['203.0.113.0'] })).toThrow(
      /IPv4 or IPv6 range[\s\S]*→ at allowedIpRanges\[0\]/,
    );
    expect(() => parseStageConfig({ stage: 'qa', allowedEmailDomains: ['@acme.example'] })).toThrow(
      /lower-case domain[\s\S]*→ at allowedEmailDomains\[0\]/,
    );
  });
});

describe('selfSignUp: false', () => {
  it('leaves only AdminCreateUser (invitations and the admin CLI)', () => {
    closed.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
    plain.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
    });
  });
});

describe('allowedEmailDomains', () => {
  it('puts the pre-sign-up trigger on the pool, given the domains', () => {
    const [id] = Object.keys(
      closed.findResources('AWS::Lambda::Function', {
        Properties: { Environment: { Variables: { ALLOWED_EMAIL_DOMAINS: 'acme.example' } } },
      }),
    );
    expect(id).toBeDefined();
    closed.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: Match.objectLike({ PreSignUp: { 'Fn::GetAtt': [id, 'Arn'] } }),
    });
    plain.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: Match.objectLike({ PreSignUp: Match.absent() }),
    });
  });
});

describe('allowedIpRanges', () => {
  it('blocks every request from outside the ranges in the web ACL, IPv4 and IPv6 in their own sets', () => {
    closed.hasResourceProperties('AWS::WAFv2::IPSet', {
      Scope: 'CLOUDFRONT',
      IPAddressVersion: 'IPV4',
      Addresses: ['203.0.113.0/24', '198.51.100.7/32'],
    });
    closed.hasResourceProperties('AWS::WAFv2::IPSet', {
      IPAddressVersion: 'IPV6',
      Addresses: ['2001:db8::/32'],
    });
    const sets = Object.keys(closed.findResources('AWS::WAFv2::IPSet'));
    closed.hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'AllowedIpRanges',
          Priority: 0,
          Action: { Block: {} },
          Statement: {
            NotStatement: {
              Statement: {
                OrStatement: {
                  Statements: sets.map((set) => ({
                    IPSetReferenceStatement: { Arn: { 'Fn::GetAtt': [set, 'Arn'] } },
                  })),
                },
              },
            },
          },
        }),
      ]),
    });
    const acl = Object.keys(closed.findResources('AWS::WAFv2::WebACL'))[0];
    closed.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [acl, 'Arn'] } }),
    });
    plain.resourceCountIs('AWS::WAFv2::IPSet', 0);
  });
});

describe('Google sign-in', () => {
  it('puts the pre-sign-up trigger on the pool, allowed to link a Google user to a password user of a pool', () => {
    const [id] = Object.keys(
      google.findResources('AWS::Lambda::Function', {
        Properties: { Description: Match.stringLikeRegexp('^Cognito pre-sign-up trigger') },
      }),
    );
    expect(id).toBeDefined();
    google.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: Match.objectLike({ PreSignUp: { 'Fn::GetAtt': [id, 'Arn'] } }),
    });
    google.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['cognito-idp:ListUsers', 'cognito-idp:AdminLinkProviderForUser'],
            Resource: {
              'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':userpool/\\*$')])],
            },
          }),
        ]),
      },
    });
    // Sign-in and sign-out return only to the app's origins.
    google.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', 'Google'],
      CallbackURLs: Match.arrayWith(['http://localhost:5173/', 'https://app.example.com/']),
      LogoutURLs: Match.arrayWith(['http://localhost:5173/', 'https://app.example.com/']),
    });
  });
});
