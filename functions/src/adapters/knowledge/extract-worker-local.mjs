// The extraction worker on the local stack and in tests: TypeScript through tsx, as the rest of
// the local stack runs (on AWS the worker is bundled as extract-worker.mjs beside the handler).
import { register } from 'tsx/esm/api';

register();
await import('./extract-worker.ts');
