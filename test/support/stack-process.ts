/**
 * The local stack in a child process of its own (the fault tests SIGKILL it mid-reply and start it
 * again on the same data): `node --import tsx test/support/stack-process.ts` with STACK_OPTIONS, a
 * JSON of LocalStackOptions. Prints one line, `READY <json>`, once the stack is up.
 */
import { startLocalStack } from '../../scripts/local/stack.js';
import type { LocalStackOptions } from '../../scripts/local/stack-options.js';

const options = JSON.parse(process.env.STACK_OPTIONS ?? '{}') as LocalStackOptions;
const stack = await startLocalStack(options);
process.stdout.write(
  `READY ${JSON.stringify({ apiUrl: stack.apiUrl, runtimeConfig: stack.runtimeConfig, dynamodb: stack.dynamodb })}\n`,
);
