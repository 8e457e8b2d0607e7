import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatIssues } from '@agentforge/shared';
import * as z from 'zod';

/** What the bridge reads from its environment (the runner image's and the local runner's contract). */
export interface BridgeConfig {
  port: number;
  host: string;
  token: string;
  packageSpec: string;
  serverEnv: Record<string, string>;
  idleTimeoutMs: number;
  privateDir: string;
  sandbox: 'bwrap' | 'none';
  allowLocalPackages: boolean;
  allowedPackages: string[];
  packagesDir: string;
  exitGraceMs: number;
  startupTimeoutMs: number;
  requestTimeoutMs: number;
  /** The longest a tool call started on `/calls` may run (the product's limit is shorter). */
  callMaxMs: number;
}

const ms = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const serverEnv = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not JSON' }); // never echo the (secret) text
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.string()));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  BRIDGE_TOKEN: z.string().min(1),
  PACKAGE: z.string().trim().min(1),
  SERVER_ENV_JSON: serverEnv.default({}),
  IDLE_TIMEOUT_MS: ms(5 * 60_000),
  PRIVATE_DIR: z.string().min(1).default(join(tmpdir(), 'mcp-server')),
  SANDBOX: z
    .enum(['bwrap', 'none', ''])
    .default('none')
    .transform((value) => (value === 'bwrap' ? 'bwrap' : 'none')),
  /** Tests and the local stack's opt-in only: a local directory may be the package. */
  ALLOW_LOCAL_PACKAGES: z.stringbool().default(false),
  /** Installed packages outside the @modelcontextprotocol/ scope that may run (comma list). */
  ALLOWED_PACKAGES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  PACKAGES_DIR: z.string().min(1).optional(),
  PACKAGE_EXIT_GRACE_MS: ms(3000),
  STARTUP_TIMEOUT_MS: ms(120_000),
  REQUEST_TIMEOUT_MS: ms(5 * 60_000),
  CALL_MAX_MS: ms(15 * 60_000),
});

/** Parses the bridge's environment; errors name the variables, never their values. */
export function parseBridgeConfig(source: NodeJS.ProcessEnv): BridgeConfig {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid bridge environment: ${formatIssues(result.error.issues)}`);
  }
  const env = result.data;
  return {
    port: env.PORT,
    host: env.HOST,
    token: env.BRIDGE_TOKEN,
    packageSpec: env.PACKAGE,
    serverEnv: env.SERVER_ENV_JSON,
    idleTimeoutMs: env.IDLE_TIMEOUT_MS,
    privateDir: env.PRIVATE_DIR,
    sandbox: env.SANDBOX,
    allowLocalPackages: env.ALLOW_LOCAL_PACKAGES,
    allowedPackages: env.ALLOWED_PACKAGES,
    // Installed packages resolve from node_modules beside the bridge (its bundle or its source).
    packagesDir: env.PACKAGES_DIR ?? dirname(fileURLToPath(import.meta.url)),
    exitGraceMs: env.PACKAGE_EXIT_GRACE_MS,
    startupTimeoutMs: env.STARTUP_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    callMaxMs: env.CALL_MAX_MS,
  };
}
