import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Names, Stage } from 'aws-cdk-lib';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import { type AssetImage, ContainerImage } from 'aws-cdk-lib/aws-ecs';
import type { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { LAMBDA_ESBUILD_OPTIONS } from './lambda-bundling';

/** The files of the runner image's build context: nothing else reaches Docker. */
export const RUNNER_IMAGE_FILES = ['Dockerfile', 'bridge.mjs', 'bridge.mjs.map'] as const;

export interface RunnerImageOptions {
  /** The bridge's entry (`functions/src/runner/main.ts`), bundled into one ESM file. */
  readonly entry: string;
  /** The runner Dockerfile (`functions/src/runner/Dockerfile`), which copies `bridge.mjs`. */
  readonly dockerfile: string;
}

/**
 * The runner image as a CDK asset for ARM64 (Graviton Fargate). The bridge is bundled here, at
 * synth, with the Lambda esbuild options (ESM with the createRequire banner the MCP SDK's stdio
 * client needs) into one file, and the image is built from a staging directory holding only that
 * bundle and the Dockerfile: the Docker build context is a few hundred KB and needs no repository
 * checkout or `npm ci`. Synth needs no Docker (CDK only fingerprints the directory); the CDK CLI
 * builds and pushes the image at deploy. The staging directory lives in the cloud assembly's
 * output directory, so the source map's relative paths and thus the asset hash are the same on
 * every machine.
 */
export function runnerImage(scope: Construct, options: RunnerImageOptions): AssetImage {
  const outdir = Stage.of(scope)?.outdir;
  if (!outdir) throw new Error('The runner image must be defined inside a CDK App or Stage');
  const directory = join(outdir, `.runner-image-${Names.uniqueId(scope)}`);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });

  // Its plugins (zod's locales) need the async API: the bridge, one long-running container, is
  // bundled in this process without them (its start is not a Lambda's cold start).
  const { plugins: _asyncOnly, ...syncOptions } = LAMBDA_ESBUILD_OPTIONS;
  buildSync({
    ...syncOptions,
    // One file: the image has nothing to gain from lazily loaded chunks.
    splitting: false,
    entryNames: 'bridge',
    entryPoints: { bridge: options.entry },
    outdir: directory,
  });
  copyFileSync(options.dockerfile, join(directory, 'Dockerfile'));
  // Belt and braces: even a stray file in the staging directory never enters the image context.
  writeFileSync(
    join(directory, '.dockerignore'),
    ['*', ...RUNNER_IMAGE_FILES.map((file) => `!${file}`), ''].join('\n'),
  );

  return ContainerImage.fromAsset(directory, {
    platform: Platform.LINUX_ARM64,
    displayName: 'MCP runner (bridge)',
  });
}
