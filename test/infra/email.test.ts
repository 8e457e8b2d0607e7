import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { Email, MAIL_ENV } from '../../lib/constructs/email';
import { parseStageConfig } from '../../lib/stage-config';
import { synthStack, testApp, testStageConfig } from './synth';

const withEmail = (email: Record<string, unknown>) =>
  synthStack({ config: parseStageConfig({ ...testStageConfig, email }) }).template;

const identityArn = (resource: string) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, `:ses:us-east-1:123456789012:identity/${resource}`]],
});

describe('user pool e-mail', () => {
  it('is Cognito’s own when the stage names no SES identity', () => {
    const { template } = synthStack();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.absent(),
    });
  });

  it('goes through SES (DEVELOPER) from the stage’s address and its verified domain', () => {
    withEmail({
      fromAddress: 'no-reply@acme.example',
      fromName: 'AgentForge',
      identity: 'acme.example',
    }).hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'AgentForge <no-reply@acme.example>',
        SourceArn: identityArn('acme.example'),
      },
    });
  });

  it('uses the from address as the identity by default, or the identity ARN given', () => {
    withEmail({ fromAddress: 'ops@acme.example' }).hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ SourceArn: identityArn('ops@acme.example') }),
    });
    const arn = 'arn:aws:ses:us-east-1:123456789012:identity/mail.acme.example';
    withEmail({ fromAddress: 'no-reply@mail.acme.example', identity: arn }).hasResourceProperties(
      'AWS::Cognito::UserPool',
      { EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', SourceArn: arn }) },
    );
  });

  it('refuses a from address outside the verified domain, and a malformed identity', () => {
    expect(() => withEmail({ fromAddress: 'no-reply@other.example', identity: 'acme.example' })).toThrow(
      /different domain/,
    );
    expect(() =>
      parseStageConfig({ ...testStageConfig, email: { fromAddress: 'a@b.example', identity: 'x' } }),
    ).toThrow(/identity/);
  });
});

describe('product mail', () => {
  it('is granted per function: SendEmail through the identity, from the stage’s address only', () => {
    const stack = new Stack(testApp(), 'MailTest', { env: { region: 'us-east-1', account: '123456789012' } });
    const email = new Email(stack, 'Email', {
      fromAddress: 'no-reply@acme.example',
      identity: 'acme.example',
    });
    const fn = new LambdaFunction(stack, 'Sender', {
      runtime: Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: Code.fromInline('export const handler = async () => {};'),
    });
    email.grantSend(fn);
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          {
            Sid: 'SendProductMail',
            Effect: 'Allow',
            Action: ['ses:SendEmail', 'ses:SendRawEmail'],
            Resource: identityArn('acme.example'),
            Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@acme.example' } },
          },
        ],
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: {
          [MAIL_ENV.fromAddress]: 'no-reply@acme.example',
          [MAIL_ENV.identityArn]: identityArn('acme.example'),
        },
      },
    });
  });

  it("is granted to the teams function (its invitations), the automations function (a cancelled run's mail) and the runner (a run's end, an approval to give)", () => {
    const template = withEmail({ fromAddress: 'no-reply@acme.example', identity: 'acme.example' });
    const senders = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy).includes('ses:SendEmail'),
    ) as { Properties: { Roles: { Ref: string }[] } }[];
    expect(senders.map((policy) => policy.Properties.Roles[0]?.Ref).sort()).toEqual([
      expect.stringMatching(/^ApiAutomationsFunction/),
      expect.stringMatching(/^ApiTeamsFunction/),
      expect.stringMatching(/^AutomationsRunnerFunction/),
    ]);
  });
});
