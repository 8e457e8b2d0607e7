/** A throwaway local stack (no web server) in a process of its own (see child-process.ts). */
import { startTestStack } from '../../../test/support/local-stack.js';
import { serveInChild } from './child-process.js';

await serveInChild(async () => {
  const stack = await startTestStack({ web: false });
  return {
    // The configuration the stack gave its functions (process.env, as Lambda's environment), so a
    // function can also run in a process of its own against this stack (stream-function.ts).
    info: { apiUrl: stack.apiUrl, runtimeConfig: stack.runtimeConfig, functionEnv: { ...process.env } },
    stop: stack.stop,
  };
});
