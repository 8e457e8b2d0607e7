import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { Auth, type AuthProps, cognitoDomainPrefix, WEB_CLIENT_NAME } from '../../lib/constructs/auth';
import { expectResource, testApp } from './synth';

const appOrigins = ['http://localhost:5173', 'https://d111111abcdef8.cloudfront.net'];

function synthAuth(props: Partial<AuthProps> = {}): Template {
  const stack = new Stack(testApp(), 'AuthTest', { env: { region: 'us-east-1', account: '123456789012' } });
  new Auth(stack, 'Auth', { domainPrefix: 'agentforge-test', appOrigins, ...props });
  return Template.fromStack(stack);
}

/** CloudFormation's Fn::Select/Fn::Split/Fn::Join over a pseudo parameter's value, as it evaluates them. */
function evaluate(value: unknown, pseudo: Record<string, string>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const [fn, args] = Object.entries(value)[0] as [string, unknown];
  if (fn === 'Ref') return pseudo[args as string];
  const [first, second] = args as [unknown, unknown];
  if (fn === 'Fn::Join')
    return (second as unknown[]).map((part) => evaluate(part, pseudo)).join(first as string);
  if (fn === 'Fn::Split') return String(evaluate(second, pseudo)).split(first as string);
  if (fn === 'Fn::Select') return (evaluate(second, pseudo) as unknown[])[Number(first)];
  throw new Error(`not evaluated: ${fn}`);
}

let template: Template;
let withGoogle: Template;

beforeAll(() => {
  template = synthAuth();
  withGoogle = synthAuth({
    google: { clientId: 'google-client-id', clientSecretName: 'agentforge/test/google' },
  });
}, 120_000);

describe('the user pool', () => {
  it('signs users in by e-mail, case-insensitively, with a required e-mail attribute', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
      Schema: Match.arrayWith([Match.objectLike({ Name: 'email', Required: true })]),
    });
  });

  it('lets visitors sign up themselves and confirm with an e-mailed code', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
    });
  });

  it('asks for passwords of at least 8 characters and nothing more', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        }),
      },
    });
  });

  it('recovers accounts by e-mail only', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('keeps a stable logical id and is retained on deletion', () => {
    expectResource(template, 'UserPool', { Type: 'AWS::Cognito::UserPool', DeletionPolicy: 'Retain' });
  });

  it('derives a prefix unique to the deployment when the stage sets none (prefixes are global)', () => {
    const stack = new Stack(testApp(), 'AuthTest', { env: { region: 'us-east-1', account: '123456789012' } });
    const auth = new Auth(stack, 'Auth', { domainPrefix: cognitoDomainPrefix('qa'), appOrigins });
    const domain = Object.values(Template.fromStack(stack).findResources('AWS::Cognito::UserPoolDomain'))[0];
    const deployed = (stackId: string) =>
      evaluate(domain?.Properties.Domain, { 'AWS::StackId': stackId }) as string;
    const first = deployed(
      'arn:aws:cloudformation:us-east-1:111111111111:stack/AgentForge-qa/51af3dc0-da77-11e4-872e-1234567db123',
    );
    const second = deployed(
      'arn:aws:cloudformation:us-east-1:222222222222:stack/AgentForge-qa/9c3e1a20-0b4f-11ef-8d7b-0a1b2c3d4e5f',
    );
    expect(first).toBe('agentforge-qa-51af3dc0');
    expect(second).toBe('agentforge-qa-9c3e1a20');
    expect(first).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/);
    expect(stack.resolve(auth.hostedDomain)).toEqual({
      'Fn::Join': ['', [domain?.Properties.Domain, '.auth.us-east-1.amazoncognito.com']],
    });
  });

  it('has a hosted domain with the stage prefix', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'agentforge-test' });
  });
});

describe('the web app client', () => {
  it("is named, so a team's single sign-on finds it without its id (a cycle through CloudFront)", () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', { ClientName: WEB_CLIENT_NAME });
  });

  it('has no secret and allows SRP and refresh-token sign-in', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    });
  });

  it('uses the OAuth code grant with the email, openid and profile scopes', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['email', 'openid', 'profile'],
    });
  });

  it('accepts callbacks and logouts on localhost:5173 and the site origin', () => {
    const expected = Match.arrayWith([
      'http://localhost:5173',
      'http://localhost:5173/',
      'https://d111111abcdef8.cloudfront.net',
    ]);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: expected,
      LogoutURLs: expected,
    });
  });

  it('offers only the Cognito sign-in when Google is not configured', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO'],
    });
  });
});

describe('Google sign-in, when configured', () => {
  it('creates a Google identity provider reading its secret from Secrets Manager', () => {
    withGoogle.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: 'google-client-id',
        client_secret: '{{resolve:secretsmanager:agentforge/test/google:SecretString:::}}',
        authorize_scopes: 'email profile openid',
      },
      AttributeMapping: Match.objectLike({ email: 'email', name: 'name' }),
    });
  });

  it('lets the app client sign in through Google', () => {
    withGoogle.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', 'Google'],
    });
  });
});

describe('the identity pool', () => {
  it('admits only users authenticated by the app client', () => {
    template.hasResourceProperties('AWS::Cognito::IdentityPool', {
      AllowUnauthenticatedIdentities: false,
      CognitoIdentityProviders: [
        Match.objectLike({ ClientId: Match.anyValue(), ProviderName: Match.anyValue() }),
      ],
    });
  });
});

describe('failed sign-ins (the stage’s auditFailedSignIns)', () => {
  let exporting: Template;
  beforeAll(() => {
    const stack = new Stack(testApp(), 'AuthActivity', {
      env: { region: 'us-east-1', account: '123456789012' },
    });
    const auth = new Auth(stack, 'Auth', {
      domainPrefix: 'agentforge-test',
      appOrigins,
      threatProtection: true,
    });
    const fn = new LambdaFunction(stack, 'Recorder', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => {}'),
    });
    auth.exportUserActivity(fn, '/aws/vendedlogs/cognito/agentforge-test/user-activity');
    exporting = Template.fromStack(stack);
  }, 120_000);

  it('turns on threat protection in audit mode (the Plus plan) only when asked', () => {
    exporting.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' },
    });
    template.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolAddOns: Match.absent() });
  });

  it('exports the user activity log to a vended log group and hands failed events to the function', () => {
    exporting.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: '/aws/vendedlogs/cognito/agentforge-test/user-activity',
      RetentionInDays: 30,
    });
    exporting.hasResourceProperties('AWS::Cognito::LogDeliveryConfiguration', {
      LogConfigurations: [
        Match.objectLike({
          EventSource: 'userAuthEvents',
          LogLevel: 'INFO',
          CloudWatchLogsConfiguration: { LogGroupArn: Match.anyValue() },
        }),
      ],
    });
    exporting.hasResourceProperties('AWS::Logs::SubscriptionFilter', {
      FilterPattern: '{ $.message.eventResponse = "Fail" }',
      DestinationArn: Match.anyValue(),
    });
    exporting.resourceCountIs('AWS::Lambda::Permission', 1);
    template.resourceCountIs('AWS::Cognito::LogDeliveryConfiguration', 0);
  });
});
