/** The deterministic model server in a process of its own (see child-process.ts). */
import { startModelServer } from '../../../test/support/model-server/index.js';
import { serveInChild } from './child-process.js';

await serveInChild(async () => {
  const models = await startModelServer();
  return { info: { url: models.url, baseUrls: models.baseUrls }, stop: models.stop };
});
