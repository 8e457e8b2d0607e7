import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { stripeParameterName } from '../operator-secrets';
import { AgentFunction } from './agent-function';
import type { Data } from './data';

/** The environment variable that names the Stripe parameter (functions/src/env.ts). */
const STRIPE_PARAMETER_ENV_VAR = 'STRIPE_PARAMETER_NAME';

/**
 * Stripe's keys, `{"secretKey": "sk_live_…", "webhookSecret": "whsec_…"}`, are an SSM SecureString
 * parameter the operator writes (lib/operator-secrets.ts, docs/deploy.md): free where a Secrets
 * Manager secret costs $0.40 a month, and a stage without Stripe stores nothing. CloudFormation
 * cannot create a SecureString, so the stack only grants reading it, by name.
 */
export class Billing extends Construct {
  /** The Stripe parameter's name (`/agentforge/<stage>/stripe`). */
  readonly stripeParameterName: string;
  /** Reports paid plans' overage to Stripe's Billing Meter every five minutes. */
  readonly overageReporter: AgentFunction;

  constructor(
    scope: Construct,
    id: string,
    props: {
      stage: string;
      data: Data;
      /** The reporter's handler module (normally `functions/src/handlers/billing/report-overage.ts`). */
      overageReporterEntry: string;
    },
  ) {
    super(scope, id);
    this.stripeParameterName = stripeParameterName(props.stage);

    this.overageReporter = new AgentFunction(this, 'OverageReporter', {
      entry: props.overageReporterEntry,
      stage: props.stage,
      description: `AgentForge overage reporter (${props.stage})`,
      memorySize: 256,
      timeout: Duration.minutes(1),
    });
    const reporter = this.overageReporter.function;
    props.data.addTableNames(reporter);
    const usage = props.data.tables.usage.tableArn;
    // Reads the pending rows from the sparse index, takes each out once reported, reads the
    // customer id of the billing record: nothing else of the data.
    reporter.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${usage}/index/meterPending`] }),
    );
    reporter.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [usage] }));
    props.data.grantGetItem(reporter, 'billing');
    this.grantRead(reporter);
    new Schedule(this, 'OverageReporterSchedule', {
      description: `Reports overage tokens to Stripe's Billing Meter (${props.stage})`,
      schedule: ScheduleExpression.rate(Duration.minutes(5)),
      // Unreported rows stay queued: a missed run is covered by the next one.
      target: new LambdaInvoke(reporter, { retryAttempts: 0, maxEventAge: Duration.minutes(5) }),
    });
  }

  /**
   * Lets a function read the Stripe keys (ssm:GetParameter on this parameter only) and tells it where
   * they are. No kms:Decrypt: the parameter is encrypted with the AWS managed key `aws/ssm`, whose
   * key policy lets the account's principals decrypt through SSM.
   */
  grantRead(fn: LambdaFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: this.stripeParameterName.slice(1),
          }),
        ],
      }),
    );
    fn.addEnvironment(STRIPE_PARAMETER_ENV_VAR, this.stripeParameterName);
  }
}
