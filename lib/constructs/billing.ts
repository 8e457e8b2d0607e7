import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { stripeSecretDescription } from '../stage-resource-names';
import { AgentFunction } from './agent-function';
import type { Data } from './data';

/** The environment variable that names the Stripe secret (functions/src/env.ts). */
export const STRIPE_SECRET_ENV_VAR = 'STRIPE_SECRET_ARN';

/**
 * Stripe's keys for the billing function: one Secrets Manager secret whose value
 * `npm run stripe:setup` sets after the first deploy to `{"secretKey", "webhookSecret"}` (see
 * docs/deploy.md). It is created with a placeholder the function refuses, retained with the stack's
 * data, and read by the billing function only.
 */
export class Billing extends Construct {
  readonly stripeSecret: ISecret;
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
    this.stripeSecret = new Secret(this, 'StripeSecret', {
      description: stripeSecretDescription(props.stage),
      removalPolicy: RemovalPolicy.RETAIN,
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ secretKey: '', webhookSecret: '' }),
        generateStringKey: 'placeholder',
        excludePunctuation: true,
      },
    });

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

  /** Lets a function read the Stripe keys (GetSecretValue on this secret only) and tells it where they are. */
  grantRead(fn: LambdaFunction): void {
    this.stripeSecret.grantRead(fn as IGrantable);
    fn.addEnvironment(STRIPE_SECRET_ENV_VAR, this.stripeSecret.secretArn);
  }
}
