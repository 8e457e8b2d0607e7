import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { CfnIPSet, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { METRIC } from '../../functions/src/metrics';
import { productMetric } from './observability';

export interface AlarmsProps {
  readonly stage: string;
  /** Where alarms go by e-mail; the topic exists either way (subscribe more later). */
  readonly alarmEmail?: string | undefined;
  /** The functions whose errors and throttles alarm, by a short name. */
  readonly functions: Readonly<Record<string, IFunction>>;
  readonly restApi: RestApi;
  /** Running MCP servers (the reaper's RunningServers) at which to alarm. @default 20 */
  readonly runningServersThreshold?: number | undefined;
}

/**
 * Alarms on function errors and throttles, API 5xx, failed streams and running MCP servers (the
 * product's own metrics: ECS publishes no task count without Container Insights, which is off),
 * all to one encrypted SNS topic.
 */
export class Alarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const key = new Key(this, 'TopicKey', {
      enableKeyRotation: true,
      description: 'Encrypts the alarm topic',
    });
    // CloudWatch alarms publish to the encrypted topic: they need the key.
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', {
      displayName: `AgentForge ${props.stage} alarms`,
      enforceSSL: true,
      masterKey: key,
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
      }).addAlarmAction(action);

    const fiveMinutes = { period: Duration.minutes(5), statistic: 'Sum' };
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(`${name}Errors`, fn.metricErrors(fiveMinutes), 5, `${name}: 5 or more errors in 5 minutes`);
      alarm(`${name}Throttles`, fn.metricThrottles(fiveMinutes), 1, `${name}: throttled`);
    }
    alarm(
      'Api5xx',
      props.restApi.metricServerError(fiveMinutes),
      5,
      'API: 5 or more 5xx answers in 5 minutes',
    );
    alarm(
      'StreamErrors',
      productMetric(props.stage, METRIC.streamErrors, 'Sum'),
      5,
      'Streams: 5 or more ended in error in 5 minutes',
    );
    const running = props.runningServersThreshold ?? 20;
    alarm(
      'RunningServers',
      productMetric(props.stage, METRIC.runningServers, 'Maximum'),
      running,
      `MCP servers: ${running} or more running (each is a Fargate task)`,
    );
    // Audit writes fail open (the action goes ahead), so any lost record is someone's to look at.
    alarm(
      'AuditWriteFailures',
      productMetric(props.stage, METRIC.auditWriteFailures, 'Sum'),
      1,
      'Audit log: a record could not be written',
    );
  }
}

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** One of AWS's managed rule groups; `counted` rules only count (they would block normal use). */
function managedRules(name: string, priority: number, counted: readonly string[] = []) {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
      },
    },
    visibilityConfig: visibility(name),
  };
}

export interface WebAclProps {
  readonly stage: string;
  /** Requests per IP in five minutes past which it is blocked; omitted: no rate rule. */
  readonly limit?: number | undefined;
  /** IPv4 and IPv6 CIDRs: everyone else is blocked. Empty: anyone. */
  readonly allowedIpRanges?: readonly string[];
}

/**
 * AWS WAF in front of CloudFront: with `allowedIpRanges`, only those ranges get in; with `limit`,
 * an IP past it in five minutes is blocked for a while; AWS's managed common and known-bad-input
 * rules apply either way.
 */
export class WebAcl extends Construct {
  readonly arn: string;

  constructor(scope: Construct, id: string, { stage, limit, allowedIpRanges = [] }: WebAclProps) {
    super(scope, id);
    const rules: CfnWebACL.RuleProperty[] = [];
    if (allowedIpRanges.length > 0) {
      rules.push({
        name: 'AllowedIpRanges',
        priority: rules.length,
        action: { block: {} },
        statement: { notStatement: { statement: this.inAllowedRanges(stage, allowedIpRanges) } },
        visibilityConfig: visibility('AllowedIpRanges'),
      });
    }
    if (limit !== undefined) {
      rules.push({
        name: 'RatePerIp',
        priority: rules.length,
        action: { block: {} },
        statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP' } },
        visibilityConfig: visibility('RatePerIp'),
      });
    }
    const acl = new CfnWebACL(this, 'Acl', {
      name: `agentforge-${stage}`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`agentforge-${stage}`),
      rules: [
        ...rules,
        // A chat message or an imported conversation is a large body: that rule only counts.
        managedRules('AWSManagedRulesCommonRuleSet', rules.length, ['SizeRestrictions_BODY']),
        managedRules('AWSManagedRulesKnownBadInputsRuleSet', rules.length + 1),
      ],
    });
    this.arn = acl.attrArn;
  }

  /** A request from one of the ranges: one IP set per address family (WAF wants them apart). */
  private inAllowedRanges(stage: string, ranges: readonly string[]): CfnWebACL.StatementProperty {
    const families = (['IPV4', 'IPV6'] as const)
      .map((family) => ({
        family,
        addresses: ranges.filter((range) => range.includes(':') === (family === 'IPV6')),
      }))
      .filter(({ addresses }) => addresses.length > 0);
    const statements = families.map(({ family, addresses }) => ({
      ipSetReferenceStatement: {
        arn: new CfnIPSet(this, `Allowed${family}`, {
          name: `agentforge-${stage}-allowed-${family.toLowerCase()}`,
          scope: 'CLOUDFRONT',
          ipAddressVersion: family,
          addresses: [...addresses],
        }).attrArn,
      },
    }));
    const [only] = statements;
    return statements.length === 1 && only ? only : { orStatement: { statements } };
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
