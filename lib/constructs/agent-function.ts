import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { BuildOptions } from 'esbuild';

/**
 * ESM bundles have no `require`; some CommonJS dependencies (the MCP SDK's stdio client, parts
 * of the AWS SDK) still call it, which fails with "Dynamic require of ... is not supported".
 */
const CREATE_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * How every Lambda is bundled, in esbuild's own terms, so `scripts/bench` can call
 * `esbuild.build({ ...LAMBDA_ESBUILD_OPTIONS, entryPoints, outdir })` and measure the very bundles
 * that get deployed. The AWS SDK is bundled (nothing is external) so its version is the one pinned
 * in package-lock.json, not whatever the Lambda runtime ships.
 */
export const LAMBDA_ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  outExtension: { '.js': '.mjs' },
  mainFields: ['module', 'main'],
  minify: true,
  treeShaking: true,
  sourcemap: true,
  sourcesContent: false,
  banner: { js: CREATE_REQUIRE_BANNER },
  external: [],
} as const satisfies BuildOptions;

/** The same options for NodejsFunction (which writes `index.mjs` for the ESM format itself). */
export const AGENT_FUNCTION_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: LAMBDA_ESBUILD_OPTIONS.target,
  mainFields: [...LAMBDA_ESBUILD_OPTIONS.mainFields],
  minify: LAMBDA_ESBUILD_OPTIONS.minify,
  sourceMap: LAMBDA_ESBUILD_OPTIONS.sourcemap,
  sourcesContent: LAMBDA_ESBUILD_OPTIONS.sourcesContent,
  banner: LAMBDA_ESBUILD_OPTIONS.banner.js,
  esbuildArgs: { '--tree-shaking': String(LAMBDA_ESBUILD_OPTIONS.treeShaking) },
  bundleAwsSDK: true,
  externalModules: [...LAMBDA_ESBUILD_OPTIONS.external],
  forceDockerBundling: false,
  logLevel: LogLevel.WARNING,
};

export const AGENT_FUNCTION_RUNTIME = Runtime.NODEJS_22_X;
export const AGENT_FUNCTION_ARCHITECTURE = Architecture.ARM_64;

export interface AgentFunctionProps {
  /** Absolute path of the handler module (exports `handler`). */
  readonly entry: string;
  /** Repository root: holds package-lock.json and every file the bundle may import. */
  readonly projectRoot: string;
  readonly stage: string;
  readonly description?: string;
  readonly environment?: Readonly<Record<string, string>>;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default 29 seconds, API Gateway's integration timeout */
  readonly timeout?: Duration;
  /** @default one month */
  readonly logRetention?: RetentionDays;
}

/** A Lambda with the team defaults: Node 22 on ARM64, minified ESM bundle with source maps, own log group. */
export class AgentFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AgentFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
    });

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      projectRoot: props.projectRoot,
      depsLockFilePath: join(props.projectRoot, 'package-lock.json'),
      runtime: AGENT_FUNCTION_RUNTIME,
      architecture: AGENT_FUNCTION_ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(29),
      description: props.description,
      logGroup: this.logGroup,
      bundling: AGENT_FUNCTION_BUNDLING,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        STAGE: props.stage,
        RUNTIME: 'aws',
        ...props.environment,
      },
    });
  }
}
