import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const HANDLERS_DIR = join(import.meta.dirname, '../../functions/src/handlers');

/**
 * Imports a Lambda handler module (`functions/src/handlers/<path>`), once. Imported on first use,
 * after the local stack has put the functions' configuration into process.env, as Lambda would.
 */
const loaded = new Map<string, Promise<unknown>>();
export function importHandler(path: string): Promise<unknown> {
  let handler = loaded.get(path);
  if (!handler) {
    handler = import(pathToFileURL(join(HANDLERS_DIR, path)).href).then(
      (m: { handler: unknown }) => m.handler,
    );
    loaded.set(path, handler);
  }
  return handler;
}
