import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { InterfaceVpcEndpointAwsService, Port, SecurityGroup } from 'aws-cdk-lib/aws-ec2';
import { AnyPrincipal, type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { McpRuntime } from './mcp-runtime';

/** The environment variable naming the key (functions/src/env.ts). */
export const GATEWAY_CREDENTIAL_KEY_ENV_VAR = 'GATEWAY_CREDENTIAL_KEY_ID';

/**
 * The automation runner's credential at the MCP gateway (docs/decisions/mcp-servers.md,
 * "Automations through the gateway"): a KMS HMAC key whose material never leaves KMS; the runner
 * may only sign (GenerateMac), the gateway only verify (VerifyMac). The gateway is in the servers'
 * VPC, which has no NAT: it reaches KMS through an interface endpoint that admits only the
 * gateway's security group and, by its policy, only VerifyMac with this key.
 */
export class GatewayCredentials extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string, props: { stage: string; mcpRuntime: McpRuntime }) {
    super(scope, id);
    // Credentials live minutes: nothing outlives the key, so it goes with the stack.
    this.key = new Key(this, 'Key', {
      description: `AgentForge ${props.stage}: automation runs' MCP gateway credentials (HMAC)`,
      keySpec: KeySpec.HMAC_256,
      keyUsage: KeyUsage.GENERATE_VERIFY_MAC,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    const { vpc, subnets, gatewaySecurityGroup } = props.mcpRuntime;
    const endpointGroup = new SecurityGroup(this, 'KmsEndpointSecurityGroup', {
      vpc,
      description: 'KMS endpoint: HTTPS from the MCP gateway function only',
      allowAllOutbound: false,
    });
    endpointGroup.addIngressRule(gatewaySecurityGroup, Port.tcp(443), 'MCP gateway to KMS');
    const endpoint = vpc.addInterfaceEndpoint('Kms', {
      service: InterfaceVpcEndpointAwsService.KMS,
      subnets,
      securityGroups: [endpointGroup],
      open: false,
      privateDnsEnabled: true,
    });
    endpoint.addToPolicy(
      new PolicyStatement({
        principals: [new AnyPrincipal()],
        actions: ['kms:VerifyMac'],
        resources: [this.key.keyArn],
      }),
    );
  }

  /** The automation runner: signs its credentials (GenerateMac only). */
  grantMint(fn: LambdaFunction): void {
    this.key.grant(fn as IGrantable, 'kms:GenerateMac');
    fn.addEnvironment(GATEWAY_CREDENTIAL_KEY_ENV_VAR, this.key.keyArn);
  }

  /** The MCP gateway: checks them (VerifyMac only). */
  grantVerify(fn: LambdaFunction): void {
    this.key.grant(fn as IGrantable, 'kms:VerifyMac');
    fn.addEnvironment(GATEWAY_CREDENTIAL_KEY_ENV_VAR, this.key.keyArn);
  }
}
