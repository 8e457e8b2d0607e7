import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { MockIntegration, RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { Auth } from '../../lib/constructs/auth';
import { Data } from '../../lib/constructs/data';
import { addAuthTriggers } from '../../lib/stacks/auth-triggers';
import { addMonitoring } from '../../lib/stacks/monitoring';
import { parseStageConfig, type StageConfig } from '../../lib/stage-config';
import { fixtureHandler, testApp, testStageConfig } from './synth';

/** The stack's pieces (lib/stacks/*) built alone, in a stack of their own. */
const newStack = () =>
  new Stack(testApp(), 'Piece', { env: { region: 'us-east-1', account: '123456789012' } });

describe('the user pool’s triggers (auth-triggers.ts)', () => {
  const triggers = (config: Partial<StageConfig>) => {
    const stack = newStack();
    const auth = new Auth(stack, 'Auth', {
      domainPrefix: 'agentforge-test',
      appOrigins: ['https://app.example.com'],
      threatProtection: config.auditFailedSignIns === true,
    });
    const watched = addAuthTriggers(stack, {
      config: parseStageConfig(config),
      entry: () => fixtureHandler,
      data: new Data(stack, 'Data'),
      auth,
    });
    const descriptions = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')).map(
      (fn) => String(fn.Properties.Description).split(':')[0] ?? '',
    );
    return { watched: Object.keys(watched), descriptions };
  };

  it('are the confirmation and sign-in triggers on a stage with no limits, both watched', () => {
    const { watched, descriptions } = triggers({ ...testStageConfig });
    expect(watched).toEqual(['PostConfirmation', 'PreAuthentication', 'PostAuthentication']);
    expect(descriptions).toEqual(
      expect.arrayContaining(['Cognito post-confirmation trigger', 'Cognito post-authentication trigger']),
    );
    expect(descriptions.some((text) => /pre-sign-up|sign-in events/.test(text))).toBe(false);
  });

  it('add the e-mail domain check and the failed sign-ins where the stage asks, the latter watched', () => {
    const { watched, descriptions } = triggers({
      ...testStageConfig,
      allowedEmailDomains: ['acme.example'],
      auditFailedSignIns: true,
    });
    expect(watched).toEqual(['PostConfirmation', 'PreAuthentication', 'PostAuthentication', 'SignInEvents']);
    expect(descriptions).toEqual(
      expect.arrayContaining(['Cognito pre-sign-up trigger', 'Cognito sign-in events']),
    );
  });
});

describe('monitoring (monitoring.ts)', () => {
  const monitored = (options: Record<string, unknown>) => {
    const stack = newStack();
    const restApi = new RestApi(stack, 'Api');
    restApi.root.addMethod('GET', new MockIntegration());
    const fn = new LambdaFunction(stack, 'Fn', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => {};'),
    });
    const alarms = addMonitoring(stack, {
      config: parseStageConfig({ ...testStageConfig, ...options }),
      key: new Key(stack, 'Key'),
      restApi,
      functions: { ApiUsers: fn },
    });
    const template = Template.fromStack(stack);
    const count = (type: string) => Object.keys(template.findResources(type)).length;
    return {
      alarms,
      alarmCount: count('AWS::CloudWatch::Alarm'),
      composite: count('AWS::CloudWatch::CompositeAlarm'),
      dashboards: count('AWS::CloudWatch::Dashboard'),
      budgets: count('AWS::Budgets::Budget'),
    };
  };

  it('is nothing at all with monitoring off', () => {
    expect(monitored({ monitoring: 'off' })).toEqual({
      alarms: undefined,
      alarmCount: 0,
      composite: 0,
      dashboards: 0,
      budgets: 0,
    });
  });

  it('is the four essential alarms by default, no dashboard', () => {
    const { alarms, alarmCount, composite, dashboards } = monitored({});
    expect(alarms).toBeDefined();
    expect({ alarmCount, composite, dashboards }).toEqual({ alarmCount: 4, composite: 0, dashboards: 0 });
  });

  it('adds the functions’ alarms under one composite alarm and the dashboard at full, and the Bedrock budget with an e-mail', () => {
    const full = monitored({
      monitoring: 'full',
      alarmEmail: 'ops@example.com',
      bedrockMonthlyBudgetUsd: 100,
    });
    expect(full.alarmCount).toBeGreaterThan(4);
    expect({ composite: full.composite, dashboards: full.dashboards, budgets: full.budgets }).toEqual({
      composite: 1,
      dashboards: 1,
      budgets: 1,
    });
  });
});
