import { RemovalPolicy } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/** The environment variable that names the Stripe secret (functions/src/env.ts). */
export const STRIPE_SECRET_ENV_VAR = 'STRIPE_SECRET_ARN';

/**
 * Stripe's keys for the billing function: one Secrets Manager secret whose value the operator sets
 * after the first deploy to `{"secretKey": "sk_live_…", "webhookSecret": "whsec_…"}` (see
 * docs/deploy.md). It is created with a placeholder the function refuses, retained with the stack's
 * data, and read by the billing function only.
 */
export class Billing extends Construct {
  readonly stripeSecret: ISecret;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.stripeSecret = new Secret(this, 'StripeSecret', {
      description: `AgentForge ${props.stage}: Stripe secret key and webhook signing secret (JSON)`,
      removalPolicy: RemovalPolicy.RETAIN,
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ secretKey: '', webhookSecret: '' }),
        generateStringKey: 'placeholder',
        excludePunctuation: true,
      },
    });
  }

  /** Lets a function read the Stripe keys (GetSecretValue on this secret only) and tells it where they are. */
  grantRead(fn: LambdaFunction): void {
    this.stripeSecret.grantRead(fn as IGrantable);
    fn.addEnvironment(STRIPE_SECRET_ENV_VAR, this.stripeSecret.secretArn);
  }
}
