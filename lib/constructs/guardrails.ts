import { Duration, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  Alarm,
  AlarmRule,
  ComparisonOperator,
  CompositeAlarm,
  type IMetric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRIC } from '../../functions/src/metrics';
import { productMetric } from './observability';

export interface AlarmsProps {
  readonly stage: string;
  /** `essential`: the four alarms below; `full`: also every function's errors and throttles. */
  readonly level: 'full' | 'essential';
  /** Where alarms go by e-mail; the topic exists either way (subscribe more later). */
  readonly alarmEmail?: string | undefined;
  /** The stage's one customer-managed key (the secrets key) encrypts the topic. */
  readonly key: IKey;
  /** The functions whose errors and throttles alarm (`full`), by a short name. */
  readonly functions: Readonly<Record<string, IFunction>>;
  readonly restApi: RestApi;
  /** Running MCP servers (the reaper's RunningServers) at which to alarm. @default 20 */
  readonly runningServersThreshold?: number | undefined;
}

/**
 * Alarms on API 5xx, failed streams, lost audit records and running MCP servers (the product's own
 * metrics: ECS publishes no task count without Container Insights, which is off), all to one
 * encrypted SNS topic. At `full`, every function's errors and throttles too: those alarms notify
 * nobody themselves, one composite alarm over them does (one e-mail when a failure trips several).
 */
export class Alarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // Named, so the key policy can name its ARN (the topic already depends on the key).
    const topicName = `agentforge-${props.stage}-alarms`;
    const topicArn = stack.formatArn({ service: 'sns', resource: topicName });
    // CloudWatch publishes to the encrypted topic: it may use the key for this topic's messages only
    // (SNS's encryption context), never for the secrets it otherwise encrypts (their own context).
    props.key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: {
          StringEquals: {
            'kms:EncryptionContext:aws:sns:topicArn': topicArn,
            'aws:SourceAccount': stack.account,
          },
        },
      }),
    );
    this.topic = new Topic(this, 'Topic', {
      topicName,
      displayName: `AgentForge ${props.stage} alarms`,
      enforceSSL: true,
      masterKey: props.key,
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const action = new SnsAction(this.topic);
    const alarm = (name: string, metric: IMetric, threshold: number, description: string) =>
      new Alarm(this, name, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });

    const fiveMinutes = { period: Duration.minutes(5), statistic: 'Sum' };
    // A failing API function shows here (API Gateway answers 5xx), and a failing stream below.
    alarm(
      'Api5xx',
      props.restApi.metricServerError(fiveMinutes),
      5,
      'API: 5 or more 5xx answers in 5 minutes',
    ).addAlarmAction(action);
    alarm(
      'StreamErrors',
      productMetric(props.stage, METRIC.streamErrors, 'Sum'),
      5,
      'Streams: 5 or more ended in error in 5 minutes',
    ).addAlarmAction(action);
    const running = props.runningServersThreshold ?? 20;
    alarm(
      'RunningServers',
      productMetric(props.stage, METRIC.runningServers, 'Maximum'),
      running,
      `MCP servers: ${running} or more running (each is a Fargate task)`,
    ).addAlarmAction(action);
    // Audit writes fail open (the action goes ahead), so any lost record is someone's to look at.
    alarm(
      'AuditWriteFailures',
      productMetric(props.stage, METRIC.auditWriteFailures, 'Sum'),
      1,
      'Audit log: a record could not be written',
    ).addAlarmAction(action);
    if (props.level !== 'full') return;

    const perFunction = Object.entries(props.functions).flatMap(([name, fn]) => [
      alarm(`${name}Errors`, fn.metricErrors(fiveMinutes), 5, `${name}: 5 or more errors in 5 minutes`),
      alarm(`${name}Throttles`, fn.metricThrottles(fiveMinutes), 1, `${name}: throttled`),
    ]);
    new CompositeAlarm(this, 'FunctionsFailing', {
      alarmRule: AlarmRule.anyOf(...perFunction),
      alarmDescription:
        'Functions: one or more erring (5 in 5 minutes) or throttled; the state of each is its own alarm',
    }).addAlarmAction(action);
  }
}

export interface BedrockBudgetProps {
  readonly stage: string;
  /** Monthly Bedrock spend in USD that counts as 100%. */
  readonly monthlyUsd: number;
  /** Who is e-mailed at 80% and at 100% of it. */
  readonly email: string;
  /** The Cost Explorer services counted. @default ['Amazon Bedrock'] */
  readonly services?: readonly string[] | undefined;
}

/** The percentages of the budget at which the stage's alarm address is e-mailed (actual spend). */
export const BUDGET_THRESHOLDS = [80, 100] as const;

/**
 * An AWS Budgets cost budget on the account's Bedrock spend this month. Budgets are per account:
 * with several stages in one account each stage's budget sees the account's whole Bedrock spend.
 */
export class BedrockBudget extends Construct {
  constructor(scope: Construct, id: string, props: BedrockBudgetProps) {
    super(scope, id);
    new CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `agentforge-${props.stage}-bedrock`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyUsd, unit: 'USD' },
        costFilters: { Service: [...(props.services ?? ['Amazon Bedrock'])] },
      },
      notificationsWithSubscribers: BUDGET_THRESHOLDS.map((threshold) => ({
        notification: {
          notificationType: 'ACTUAL',
          comparisonOperator: 'GREATER_THAN',
          threshold,
          thresholdType: 'PERCENTAGE',
        },
        subscribers: [{ subscriptionType: 'EMAIL', address: props.email }],
      })),
    });
  }
}
