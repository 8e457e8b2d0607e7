import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/** The environment variable naming the key (functions/src/env.ts). */
export const GATEWAY_CREDENTIAL_KEY_ENV_VAR = 'GATEWAY_CREDENTIAL_KEY_ID';

/**
 * The automation runner's credential at the MCP gateway (docs/decisions/mcp-servers.md,
 * "Automations through the gateway"): a KMS HMAC key whose material never leaves KMS; the runner
 * may only sign (GenerateMac), the `/mcp-automation` routes' Lambda authorizer only verify
 * (VerifyMac). The authorizer is outside the servers' VPC (which has no NAT), so no KMS endpoint
 * is needed there: nothing is billed while no automation runs.
 */
export class GatewayCredentials extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    // Credentials live minutes: nothing outlives the key, so it goes with the stack.
    this.key = new Key(this, 'Key', {
      description: `AgentForge ${props.stage}: automation runs' MCP gateway credentials (HMAC)`,
      keySpec: KeySpec.HMAC_256,
      keyUsage: KeyUsage.GENERATE_VERIFY_MAC,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
  }

  /** The automation runner: signs its credentials (GenerateMac only). */
  grantMint(fn: LambdaFunction): void {
    this.key.grant(fn as IGrantable, 'kms:GenerateMac');
    fn.addEnvironment(GATEWAY_CREDENTIAL_KEY_ENV_VAR, this.key.keyArn);
  }

  /** The automation authorizer: checks them (VerifyMac only). */
  grantVerify(fn: LambdaFunction): void {
    this.key.grant(fn as IGrantable, 'kms:VerifyMac');
    fn.addEnvironment(GATEWAY_CREDENTIAL_KEY_ENV_VAR, this.key.keyArn);
  }
}
