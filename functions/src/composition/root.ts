import { createDocumentClient } from '../adapters/dynamodb/document-client.js';
import { monotonicUlids } from '../adapters/ids/ulid.js';
import { parseEnv } from '../env.js';

/**
 * The composition root, `composition/`: the only place that picks adapters (aws | local) and
 * wires them into services. One module per service family, so each Lambda bundles only the
 * adapters its handlers use (a dynamic `import()` anywhere in a bundled file becomes a chunk of
 * every Lambda that imports the file). Services are built on first use and kept for the
 * container's life; the environment is parsed once, at cold start.
 */
export const env = parseEnv(process.env);

export const db = createDocumentClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT });

export function required(name: keyof typeof env): string {
  const value = env[name];
  if (typeof value !== 'string' || !value) throw new Error(`Missing function environment variable ${name}`);
  return value;
}

/**
 * Message ids sort in creation order (the messages table's sort key), also for ids made within
 * the same millisecond (a trigger and its reply, an imported conversation's messages).
 */
export const newId = monotonicUlids();
