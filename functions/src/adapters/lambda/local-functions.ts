import { errorMessage } from '@agentforge/shared';
import type { AutomationRunLauncher } from '../../domain/automations/run-launcher.js';
import { logger } from '../../logger.js';

/**
 * The local stack's Lambda: it runs a function module (`<area>/<name>`, under handlers/) in its
 * own process, and tells the functions how here, at start (scripts/local/stack.ts).
 */
export type LocalFunctionInvoker = (module: string, event: object) => Promise<unknown>;

let invoker: LocalFunctionInvoker | undefined;
export function setLocalFunctionInvoker(invoke: LocalFunctionInvoker | undefined): void {
  invoker = invoke;
}

/** A synchronous invocation on the local stack (its Scheduler's targets). */
export function invokeLocalFunction(module: string, event: object): Promise<unknown> {
  if (!invoker) return Promise.reject(new Error('The local stack has not set its function invoker'));
  return invoker(module, event);
}

/** An asynchronous invocation on the local stack: the function runs after the request has answered. */
export function createLocalRunLauncher(module: string): AutomationRunLauncher {
  return {
    async launch(event) {
      const invoke = invoker;
      if (!invoke) throw new Error('The local stack has not set its function invoker');
      setImmediate(() => {
        invoke(module, event).catch((error: unknown) =>
          logger.error('local function failed', { module, reason: errorMessage(error) }),
        );
      });
    },
  };
}
