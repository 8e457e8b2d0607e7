import { RemovalPolicy } from 'aws-cdk-lib';
import {
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  IpAddresses,
  Peer,
  Port,
  SecurityGroup,
  type SubnetSelection,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { BRIDGE_PORT } from '../../functions/src/adapters/mcp-runner/ecs-runner-config';
import type { AgentFunctionVpcPlacement } from './agent-function';

/**
 * The MCP runner's network, made in `scope` (the McpRuntime: its ids are the construct's own): a VPC
 * with public subnets only and no NAT gateway, flow logs, a DynamoDB gateway endpoint, the tasks'
 * security group (ingress only from the gateway's, on the bridge port) and the gateway function's.
 */
export function createRunnerNetwork(scope: Construct, cidr: string) {
  const vpc = new Vpc(scope, 'Vpc', {
    ipAddresses: IpAddresses.cidr(cidr),
    maxAzs: 2,
    natGateways: 0,
    subnetConfiguration: [{ name: 'Public', subnetType: SubnetType.PUBLIC, cidrMask: 20 }],
    restrictDefaultSecurityGroup: true,
    // Hostile packages run in these subnets: keep a record of where their traffic went.
    flowLogs: {
      All: {
        destination: FlowLogDestination.toCloudWatchLogs(
          new LogGroup(scope, 'FlowLogs', {
            retention: RetentionDays.ONE_MONTH,
            removalPolicy: RemovalPolicy.DESTROY,
          }),
        ),
        trafficType: FlowLogTrafficType.ALL,
      },
    },
  });
  const subnets: SubnetSelection = { subnetType: SubnetType.PUBLIC };
  // Free; the VPC-attached gateway's tables (its only AWS calls).
  const dynamoDbEndpoint = vpc.addGatewayEndpoint('DynamoDb', {
    service: GatewayVpcEndpointAwsService.DYNAMODB,
    subnets: [subnets],
  });

  const taskSecurityGroup = new SecurityGroup(scope, 'TaskSecurityGroup', {
    vpc,
    description: 'MCP server tasks: bridge port from the MCP gateway only; any egress (npm, APIs)',
    allowAllOutbound: true,
  });
  const gatewaySecurityGroup = new SecurityGroup(scope, 'GatewaySecurityGroup', {
    vpc,
    description: 'MCP gateway function: to the tasks bridge port and HTTPS (DynamoDB endpoint)',
    allowAllOutbound: false,
  });
  gatewaySecurityGroup.addEgressRule(Peer.anyIpv4(), Port.tcp(443), 'HTTPS to the DynamoDB endpoint');
  taskSecurityGroup.connections.allowFrom(
    gatewaySecurityGroup,
    Port.tcp(BRIDGE_PORT),
    'MCP gateway to the bridge',
  );
  const gatewayPlacement: AgentFunctionVpcPlacement = {
    vpc,
    subnets,
    securityGroups: [gatewaySecurityGroup],
    allowPublicSubnet: true,
  };
  return { vpc, subnets, dynamoDbEndpoint, taskSecurityGroup, gatewaySecurityGroup, gatewayPlacement };
}
