import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface DocumentClientOptions {
  region: string;
  /** Local stack: dynalite's URL (it checks the form of a signature, never its value). */
  endpoint?: string;
}

export function createDocumentClient({ region, endpoint }: DocumentClientOptions): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region,
    ...(endpoint
      ? {
          endpoint,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          signer: unsignedForDynalite(region),
          // The local stack serves every request from one process (a Lambda serves one at a time).
          requestHandler: { httpAgent: { keepAlive: true, maxSockets: 256 } },
        }
      : {}),
  });
  // The SDK's logger middleware builds a redacted copy of every command's input and output (a walk
  // of each item through its schema) to hand to the client's logger, a no-op one here: about
  // 0.4 ms per Query of 20 messages, on a reply's way to its model call too.
  client.middlewareStack.remove('loggerMiddleware');
  const db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  db.middlewareStack.add(
    (next) => (args) => next({ ...args, input: withStorableValues(args.input) as typeof args.input }),
    {
      step: 'initialize',
      name: 'storableValues',
    },
  );
  return db;
}

/** The parts of a command's input whose values the document client marshals into attribute values. */
const MARSHALLED = new Set(['Item', 'Key', 'ExpressionAttributeValues', 'ExclusiveStartKey']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/**
 * The marshaller tells a map by its `constructor`: an object with its own `constructor` or
 * `toString` key (a user's env variable, tool arguments) is refused (a 500), or one whose
 * `constructor` is `{ name: 'Set' }` is stored as something else. As a Map, every key is a key.
 */
function storable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(storable);
  if (isPlainObject(value))
    return new Map(Object.entries(value).map(([key, entry]) => [key, storable(entry)]));
  return value;
}

const storableAttributes = (attributes: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, storable(value)]));

/** The input with its items', keys' and expression values made storable, at any depth (batches, transactions). */
function withStorableValues(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(withStorableValues);
  if (!isPlainObject(input)) return input;
  return Object.fromEntries(
    Object.entries(input).map(([name, part]) => {
      if (MARSHALLED.has(name) && isPlainObject(part)) return [name, storableAttributes(part)];
      if (name === 'Keys' && Array.isArray(part))
        return [name, part.map((key) => (isPlainObject(key) ? storableAttributes(key) : key))];
      return [name, withStorableValues(part)];
    }),
  );
}

/**
 * dynalite wants a well-formed SigV4 header and never verifies it, so locally the SDK's signing
 * (HMACs over every request, a few ms of CPU per stream) is skipped. dynalite listens on loopback
 * only, which the MCP sandbox cannot reach.
 */
function unsignedForDynalite(region: string) {
  return {
    sign: async <T extends { headers: Record<string, string> }>(request: T): Promise<T> => {
      const date = `${new Date().toISOString().replace(/[-:]|\.\d{3}/g, '')}`;
      request.headers['x-amz-date'] = date;
      request.headers.authorization =
        `AWS4-HMAC-SHA256 Credential=local/${date.slice(0, 8)}/${region}/dynamodb/aws4_request, ` +
        'SignedHeaders=host;x-amz-date, Signature=0';
      return request;
    },
  };
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
