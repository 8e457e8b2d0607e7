import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { Alarms, BedrockBudget } from '../constructs/guardrails';
import { OperationsDashboard } from '../constructs/observability';
import type { StageConfig } from '../stage-config';

/**
 * How the stage watches itself: alarms and the dashboard as its `monitoring` asks (their monthly
 * cost: docs/deploy.md), and the Bedrock budget. `functions`: the product's functions by name.
 */
export function addMonitoring(
  scope: Construct,
  props: {
    config: StageConfig;
    key: IKey;
    restApi: RestApi;
    functions: Record<string, LambdaFunction>;
  },
): Alarms | undefined {
  const { config, key, restApi, functions } = props;
  // Alarms and the dashboard as the stage asks (`monitoring`: their monthly cost, docs/deploy.md).
  const alarms =
    config.monitoring === 'off'
      ? undefined
      : new Alarms(scope, 'Alarms', {
          stage: config.stage,
          level: config.monitoring,
          alarmEmail: config.alarmEmail,
          key,
          functions,
          restApi,
          runningServersThreshold: config.runningServersAlarmThreshold,
        });
  if (config.monitoring === 'full') {
    new OperationsDashboard(scope, 'Operations', {
      stage: config.stage,
      functions,
      restApi,
    });
  }

  if (config.bedrockMonthlyBudgetUsd !== undefined && config.alarmEmail) {
    new BedrockBudget(scope, 'BedrockBudget', {
      stage: config.stage,
      monthlyUsd: config.bedrockMonthlyBudgetUsd,
      email: config.alarmEmail,
      services: config.bedrockBudgetServices,
    });
  }
  return alarms;
}
