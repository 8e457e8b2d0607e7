import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../../scripts/local/stack.js';
import type { LocalStack, LocalStackOptions } from '../../scripts/local/stack-options.js';

export const TEST_CODE = '123456';

/** A throwaway local stack on ephemeral ports with its own data directory. */
export async function startTestStack(options: {
  web: LocalStackOptions['web'];
  reaperIntervalMs?: number;
  /** Where Stripe's checkout may return to (default: the web app's origins). */
  appOrigins?: readonly string[];
  /** The access gate (default open) and the invite codes of a waitlist stage. */
  accessMode?: 'open' | 'waitlist';
  inviteCodes?: readonly string[];
  whitelistedEmails?: readonly string[];
  /** Only addresses at these domains may sign up (the pre-sign-up trigger). */
  allowedEmailDomains?: readonly string[];

  /** The local Stripe's pauses before each webhook retry. */
  stripeWebhookRetryDelaysMs?: readonly number[];
  /** The local remote MCP server's access tokens' lifetime. */
  remoteMcpTokenTtlSeconds?: number;
  /** Off: the local remote MCP server's OAuth server registers no clients itself. */
  remoteMcpDynamicRegistration?: boolean;
}): Promise<LocalStack & { dataDir: string }> {
  process.env.LOG_LEVEL ??= 'silent';
  const dataDir = await mkdtemp(join(tmpdir(), 'agentforge-test-'));
  const stack = await startLocalStack({
    dataDir,
    ports: { api: 0, web: 0, cognito: 0, dynamodb: 0 },
    web: options.web,
    ...(options.reaperIntervalMs ? { reaperIntervalMs: options.reaperIntervalMs } : {}),
    ...(options.appOrigins ? { appOrigins: options.appOrigins } : {}),
    ...(options.remoteMcpTokenTtlSeconds
      ? { remoteMcpTokenTtlSeconds: options.remoteMcpTokenTtlSeconds }
      : {}),
    ...(options.remoteMcpDynamicRegistration === undefined
      ? {}
      : { remoteMcpDynamicRegistration: options.remoteMcpDynamicRegistration }),
    ...(options.accessMode ? { accessMode: options.accessMode } : {}),
    ...(options.inviteCodes ? { inviteCodes: options.inviteCodes } : {}),
    ...(options.whitelistedEmails ? { whitelistedEmails: options.whitelistedEmails } : {}),
    ...(options.allowedEmailDomains ? { allowedEmailDomains: options.allowedEmailDomains } : {}),

    ...(options.stripeWebhookRetryDelaysMs
      ? { stripeWebhookRetryDelaysMs: options.stripeWebhookRetryDelaysMs }
      : {}),
    fixedCode: TEST_CODE,
    quiet: true,
  });
  return {
    ...stack,
    dataDir,
    stop: async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
