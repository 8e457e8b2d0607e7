/** A throwaway local stack (no web server) in a process of its own (see child-process.ts). */
import { startTestStack } from '../../../test/support/local-stack.js';
import { serveInChild } from './child-process.js';

await serveInChild(async () => {
  const stack = await startTestStack({ web: false });
  return { info: { apiUrl: stack.apiUrl, runtimeConfig: stack.runtimeConfig }, stop: stack.stop };
});
