import { dirname } from 'node:path';
import { AssetHashType, DockerImage, Duration } from 'aws-cdk-lib';
import type { ISecurityGroup, IVpc, SubnetSelection } from 'aws-cdk-lib/aws-ec2';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { bundleLambdaSync, LAMBDA_NODE_OPTIONS } from './lambda-bundling';

export const AGENT_FUNCTION_RUNTIME = Runtime.NODEJS_24_X;
export const AGENT_FUNCTION_ARCHITECTURE = Architecture.ARM_64;

/** Where a VPC-attached function sits (most functions are not in a VPC). */
export interface AgentFunctionVpcPlacement {
  readonly vpc: IVpc;
  readonly subnets: SubnetSelection;
  readonly securityGroups: readonly ISecurityGroup[];
  /**
   * Lambda never gives a function a public IP: in a public subnet it reaches only what the VPC
   * routes privately (VPC endpoints, addresses in the VPC). Say so to place it there.
   */
  readonly allowPublicSubnet?: boolean;
}

export interface AgentFunctionProps {
  /** Absolute path of the handler module (exports `handler`). */
  readonly entry: string;
  readonly stage: string;
  readonly description?: string;
  /** A fixed name, for a function that must know its own ARN without referring to itself. */
  readonly functionName?: string;
  readonly environment?: Readonly<Record<string, string>>;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default 29 seconds, API Gateway's integration timeout */
  readonly timeout?: Duration;
  /** @default one month */
  readonly logRetention?: RetentionDays;
  /** @default not in a VPC */
  readonly vpcPlacement?: AgentFunctionVpcPlacement;
  /** @default none: the account's unreserved pool */
  readonly reservedConcurrentExecutions?: number | undefined;
  /**
   * More modules bundled beside the handler, by output name (`extract-worker` becomes
   * `extract-worker.mjs`): a worker thread's script. @default none
   */
  readonly extraEntries?: Readonly<Record<string, string>>;
}

/** A Lambda with the team defaults: Node 24 on ARM64, minified ESM bundle with source maps, own log group. */
export class AgentFunction extends Construct {
  readonly function: LambdaFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AgentFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
    });

    this.function = new LambdaFunction(this, 'Function', {
      code: bundledCode(props.entry, props.extraEntries),
      handler: 'index.handler',
      runtime: AGENT_FUNCTION_RUNTIME,
      architecture: AGENT_FUNCTION_ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(29),
      description: props.description,
      ...(props.functionName && { functionName: props.functionName }),
      logGroup: this.logGroup,
      ...(props.reservedConcurrentExecutions === undefined
        ? {}
        : { reservedConcurrentExecutions: props.reservedConcurrentExecutions }),
      ...(props.vpcPlacement && {
        vpc: props.vpcPlacement.vpc,
        vpcSubnets: props.vpcPlacement.subnets,
        securityGroups: [...props.vpcPlacement.securityGroups],
        allowPublicSubnet: props.vpcPlacement.allowPublicSubnet,
      }),
      environment: {
        NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
        STAGE: props.stage,
        RUNTIME: 'aws',
        ...props.environment,
      },
    });
  }
}

/**
 * The handler bundled locally with esbuild (no Docker; LAMBDA_ESBUILD_OPTIONS), hashed by its output so an unchanged
 * bundle is not redeployed. The Docker image is never pulled: local bundling always succeeds.
 */
function bundledCode(entry: string, extraEntries: Readonly<Record<string, string>> = {}): Code {
  return Code.fromAsset(dirname(entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-slim'),
      // CDK caches bundles by source folder and bundling options (not the local bundler), so
      // the entry must be in the options or two handlers of one folder would share a bundle.
      environment: { AGENTFORGE_ENTRY: [entry, ...Object.values(extraEntries)].join(',') },
      local: {
        tryBundle(outputDir) {
          bundleLambdaSync({ entryPoints: { ...extraEntries, index: entry }, outdir: outputDir });
          return true;
        },
      },
    },
  });
}
