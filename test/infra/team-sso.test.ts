import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { synthStack } from './synth';

/** A team's single sign-on on AWS: the trigger that enforces it (issue 34). */
let stack: AgentForgeStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synthStack());
}, 300_000);

const functionId = (description: RegExp | string) => {
  const [id, ...more] = Object.keys(
    template.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp(String(description)) },
    }),
  );
  expect(more).toEqual([]);
  return id as string;
};

describe('the pre-authentication trigger (a team that requires single sign-on)', () => {
  it('is on the pool, small and quick (Cognito waits 5 seconds)', () => {
    const id = functionId('^Cognito pre-authentication trigger');
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: Match.objectLike({ PreAuthentication: { 'Fn::GetAtt': [id, 'Arn'] } }),
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Cognito pre-authentication trigger'),
      Timeout: 5,
    });
    // Cognito may invoke it, for this pool only.
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [id, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': ['UserPool', 'Arn'] },
    });
  });

  it('may get items of the teams table by key, and nothing else', () => {
    const id = functionId('^Cognito pre-authentication trigger');
    const fn = template.findResources('AWS::Lambda::Function')[id] as {
      Properties: { Role: { 'Fn::GetAtt': string[] } };
    };
    const role = fn.Properties.Role['Fn::GetAtt'][0];
    const policies = Object.values(
      template.findResources('AWS::IAM::Policy', {
        Properties: { Roles: [{ Ref: role }] },
      }),
    ) as { Properties: { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } } }[];
    const statements = policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    const teams = stack.resolve(stack.data.tables.teams.tableArn);
    expect(statements).toEqual([
      expect.objectContaining({ Action: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'], Resource: teams }),
    ]);
  });
});

describe('a deploy keeps the teams’ providers on the web client', () => {
  it('updates a custom resource with the client’s own settings, after the client, that puts them back', () => {
    const id = functionId(
      "^Cognito web client after a deploy: puts the teams' single sign-on providers back",
    );
    const [clientId] = Object.keys(template.findResources('AWS::Cognito::UserPoolClient'));
    const client = template.findResources('AWS::Cognito::UserPoolClient')[clientId as string] as {
      Properties: Record<string, unknown>;
    };
    const resources = template.findResources('Custom::TeamIdentityProviders');
    expect(Object.keys(resources)).toHaveLength(1);
    const resource = Object.values(resources)[0] as { Properties: Record<string, unknown> };
    // The client's id (so it comes after the client) and every one of its settings: a change to
    // any updates the client and, after it, this resource.
    expect(resource.Properties.ClientId).toEqual({ Ref: clientId });
    const settings = resource.Properties.ClientSettings as Record<string, unknown>;
    expect(settings.supportedIdentityProviders).toEqual(client.Properties.SupportedIdentityProviders);
    expect(settings.callbackUrLs).toEqual(client.Properties.CallbackURLs);
    expect(settings.logoutUrLs).toEqual(client.Properties.LogoutURLs);
    expect(settings.allowedOAuthScopes).toEqual(client.Properties.AllowedOAuthScopes);
    // Its function knows the pool and the client, and may only list providers and update the client.
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Cognito web client after a deploy'),
      Environment: {
        Variables: Match.objectLike({
          USER_POOL_ID: { Ref: 'UserPool' },
          USER_POOL_CLIENT_ID: { Ref: clientId },
        }),
      },
    });
    const fn = template.findResources('AWS::Lambda::Function')[id] as {
      Properties: { Role: { 'Fn::GetAtt': string[] } };
    };
    const statements = (
      Object.values(
        template.findResources('AWS::IAM::Policy', {
          Properties: { Roles: [{ Ref: fn.Properties.Role['Fn::GetAtt'][0] }] },
        }),
      ) as { Properties: { PolicyDocument: { Statement: unknown[] } } }[]
    ).flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    expect(statements).toEqual([
      expect.objectContaining({
        Action: [
          'cognito-idp:ListIdentityProviders',
          'cognito-idp:DescribeUserPoolClient',
          'cognito-idp:UpdateUserPoolClient',
        ],
        Resource: { 'Fn::GetAtt': ['UserPool', 'Arn'] },
      }),
    ]);
  });
});
