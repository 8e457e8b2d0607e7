import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_AREAS, ROUTES } from '../../functions/src/routes';
import { parseStageConfig } from '../../lib/stage-config';
import { synthStack, testStageConfig } from './synth';

type Synthesized = ReturnType<typeof synthStack>;

const PRODUCTION = parseStageConfig({
  ...testStageConfig,
  monitoring: 'full',
  alarmEmail: 'ops@example.com',
  webAclRateLimit: 1000,
  streamReservedConcurrency: 20,
  auditFailedSignIns: true,
});

const STREAM_ROUTES = ROUTES.filter((route) => route.transport === 'stream');

let productionStack: Synthesized;
let plainStack: Synthesized;
let production: Template;
let plain: Template;

beforeAll(() => {
  productionStack = synthStack({ config: PRODUCTION });
  plainStack = synthStack();
  production = productionStack.template;
  plain = plainStack.template;
}, 300_000);

const topicRef = () => {
  const topics = Object.keys(production.findResources('AWS::SNS::Topic'));
  expect(topics).toHaveLength(1);
  return { Ref: topics[0] };
};

describe('alarms', () => {
  it('go to one KMS-encrypted topic, e-mailed to the stage address', () => {
    production.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    production.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: topicRef(),
    });
    plain.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('at full, watch every function for errors and throttles through one composite alarm, and the API for 5xx', () => {
    // The product's functions (CDK's custom-resource providers are not ours to watch).
    const functions = Object.keys(
      production.findResources('AWS::Lambda::Function', {
        Properties: {
          Description: Match.stringLikeRegexp('^(AgentForge|Cognito (pre-|post-|sign-in events))'),
        },
      }),
    );
    // One per API area and per stream route, the pre-authentication, post-confirmation and
    // post-authentication triggers, the failed sign-ins' recorder, the reaper, the overage reporter, the automation
    // runner and its routes' authorizer, and the knowledge indexer.
    expect(functions).toHaveLength(API_AREAS.length + STREAM_ROUTES.length + 9);
    const alarms = Object.entries(production.findResources('AWS::CloudWatch::Alarm')) as [
      string,
      {
        Properties: {
          MetricName?: string;
          Namespace?: string;
          AlarmActions?: unknown[];
          Dimensions?: { Value: unknown }[];
        };
      },
    ][];
    const perFunction = alarms.filter(([, alarm]) => alarm.Properties.Namespace === 'AWS/Lambda');
    // Only the composite alarm over them notifies (one e-mail when a failure trips several).
    for (const [, alarm] of perFunction) expect(alarm.Properties.AlarmActions).toBeUndefined();
    for (const [, alarm] of alarms.filter(([, a]) => a.Properties.Namespace !== 'AWS/Lambda'))
      expect(alarm.Properties.AlarmActions).toEqual([topicRef()]);
    const composites = Object.values(production.findResources('AWS::CloudWatch::CompositeAlarm')) as {
      Properties: { AlarmRule: unknown; AlarmActions: unknown[] };
    }[];
    expect(composites).toHaveLength(1);
    expect(composites[0]?.Properties.AlarmActions).toEqual([topicRef()]);
    const rule = JSON.stringify(composites[0]?.Properties.AlarmRule);
    for (const [id] of perFunction) expect(rule).toContain(`"${id}"`);
    const watched = (metric: string) =>
      alarms
        .map(([, alarm]) => alarm)
        .filter(
          (alarm) => alarm.Properties.MetricName === metric && alarm.Properties.Namespace === 'AWS/Lambda',
        )
        .map((alarm) => (alarm.Properties.Dimensions?.[0]?.Value as { Ref: string } | undefined)?.Ref)
        .sort();
    expect(watched('Errors')).toEqual([...functions].sort());
    expect(watched('Throttles')).toEqual([...functions].sort());
    production.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      MetricName: '5XXError',
    });
  });
});

describe('the stage option monitoring', () => {
  const count = (template: Template, type: string) => Object.keys(template.findResources(type)).length;

  it('is essential by default: four alarms that notify (API 5xx, failed streams, lost audit records, running servers), no dashboard', () => {
    const alarms = Object.values(plain.findResources('AWS::CloudWatch::Alarm')) as {
      Properties: { MetricName: string; AlarmActions: unknown[] };
    }[];
    expect(alarms.map((alarm) => alarm.Properties.MetricName).sort()).toEqual(
      ['5XXError', 'AuditWriteFailures', 'RunningServers', 'StreamErrors'].sort(),
    );
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toHaveLength(1);
    expect(count(plain, 'AWS::CloudWatch::CompositeAlarm')).toBe(0);
    expect(count(plain, 'AWS::CloudWatch::Dashboard')).toBe(0);
    plain.resourceCountIs('AWS::SNS::Topic', 1);
  });

  it('at full adds the per-function alarms, their composite and the dashboard', () => {
    expect(count(production, 'AWS::CloudWatch::Alarm')).toBe(
      4 + 2 * (API_AREAS.length + STREAM_ROUTES.length + 9),
    );
    expect(count(production, 'AWS::CloudWatch::CompositeAlarm')).toBe(1);
    expect(count(production, 'AWS::CloudWatch::Dashboard')).toBe(1);
  });

  it('off leaves no alarm, topic or dashboard', () => {
    const { template } = synthStack({ config: parseStageConfig({ ...testStageConfig, monitoring: 'off' }) });
    for (const type of [
      'AWS::CloudWatch::Alarm',
      'AWS::CloudWatch::CompositeAlarm',
      'AWS::CloudWatch::Dashboard',
      'AWS::SNS::Topic',
    ])
      expect(count(template, type), type).toBe(0);
  });
});

describe('the stream functions', () => {
  it('have the reserved concurrency the stage sets, and none by default', () => {
    type LambdaResource = { Properties: { Description?: unknown; ReservedConcurrentExecutions?: number } };
    const reserved = (template: Template) =>
      (Object.values(template.findResources('AWS::Lambda::Function')) as LambdaResource[])
        .filter((fn) => String(fn.Properties.Description).startsWith('AgentForge stream '))
        .map((fn) => fn.Properties.ReservedConcurrentExecutions);
    expect(reserved(production)).toEqual(STREAM_ROUTES.map(() => 20));
    expect(reserved(plain)).toEqual(STREAM_ROUTES.map(() => undefined));
  });
});

describe('the Bedrock budget', () => {
  it('e-mails the alarm address at 80% and 100% of the stage’s monthly Bedrock spend', () => {
    const { template } = synthStack({
      config: parseStageConfig({ ...PRODUCTION, bedrockMonthlyBudgetUsd: 250 }),
    });
    const notification = (threshold: number) => ({
      Notification: {
        NotificationType: 'ACTUAL',
        ComparisonOperator: 'GREATER_THAN',
        Threshold: threshold,
        ThresholdType: 'PERCENTAGE',
      },
      Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'ops@example.com' }],
    });
    template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: {
        BudgetName: 'agentforge-test-bedrock',
        BudgetType: 'COST',
        TimeUnit: 'MONTHLY',
        BudgetLimit: { Amount: 250, Unit: 'USD' },
        CostFilters: { Service: ['Amazon Bedrock'] },
      },
      NotificationsWithSubscribers: [notification(80), notification(100)],
    });
    production.resourceCountIs('AWS::Budgets::Budget', 0);
  });

  it('counts the services the stage names, and needs the alarm address', () => {
    const { template } = synthStack({
      config: parseStageConfig({
        ...PRODUCTION,
        bedrockMonthlyBudgetUsd: 100,
        bedrockBudgetServices: ['Amazon Bedrock', 'Claude 3 Haiku (Amazon Bedrock Edition)'],
      }),
    });
    template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({
        CostFilters: { Service: ['Amazon Bedrock', 'Claude 3 Haiku (Amazon Bedrock Edition)'] },
      }),
    });
    expect(() => parseStageConfig({ ...testStageConfig, bedrockMonthlyBudgetUsd: 100 })).toThrow(
      /needs alarmEmail/,
    );
  });
});

describe('the stacks', () => {
  const resources = (template: Template) => Object.keys(template.toJSON().Resources).length;
  const parameters = (template: Template) => Object.keys(template.toJSON().Parameters ?? {}).length;

  // CloudFormation refuses a stack (a nested one too) of more than 500 resources: this fails
  // before a deploy would. The API Gateway resources, methods and CORS preflights (made when a
  // stage lists other origins), about 3 per route, are in the API's nested stack (about 250 today);
  // the stage stack (about 230) keeps the rest, and must keep its headroom for what is not a route.
  it('each stay under CloudFormation’s 500 resources, with every production option on', () => {
    expect(resources(production)).toBeLessThan(400);
    expect(resources(productionStack.apiTemplate)).toBeLessThan(500);
    expect(resources(plain)).toBeLessThanOrEqual(resources(production));
    expect(resources(plainStack.apiTemplate)).toBeLessThanOrEqual(resources(productionStack.apiTemplate));
  });

  it('are only the stage stack and the API’s nested stack', () => {
    production.resourceCountIs('AWS::CloudFormation::Stack', 1);
    production.resourceCountIs('AWS::ApiGateway::Method', 0);
    production.resourceCountIs('AWS::ApiGateway::Resource', 0);
    productionStack.apiTemplate.resourceCountIs('AWS::CloudFormation::Stack', 0);
  });

  // Every value the nested stack takes from the stage stack is a parameter, and a template may
  // declare 60 (the quota this is held to): one per area function (its integration and invoke
  // permission) and the user pool (its authorizer) today, api.test.ts checks which.
  it('pass the API’s nested stack few parameters', () => {
    expect(parameters(productionStack.apiTemplate)).toBeLessThan(60);
  });
});
