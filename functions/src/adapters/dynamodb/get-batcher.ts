import { BatchGetCommand, type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/** One item read by its key. */
export interface GetInput {
  tableName: string;
  key: Record<string, unknown>;
  consistent?: boolean;
  projection?: string;
}

type Item = Record<string, unknown>;

interface Pending {
  input: GetInput;
  resolve: (item: Item | undefined) => void;
  reject: (error: unknown) => void;
}

/** BatchGetItem reads at most 100 keys; unprocessed keys are asked again at most this often. */
const BATCH_GET_LIMIT = 100;
const MAX_BATCH_GET_ATTEMPTS = 5;
const backoffMs = (attempt: number) => 25 * 2 ** attempt;

const batchers = new WeakMap<DynamoDBDocumentClient, (input: GetInput) => Promise<Item | undefined>>();

/**
 * Gets one item by its key. The gets asked of one client before the event loop turns (a stream's
 * gate pass, conversation and key, asked side by side) go as one BatchGetItem: one request, one
 * pass of the SDK's middleware, instead of one each. A get asked alone is a GetItem as before.
 */
export function batchedGet(db: DynamoDBDocumentClient, input: GetInput): Promise<Item | undefined> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher(input);
}

function createBatcher(db: DynamoDBDocumentClient) {
  let pending: Pending[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    for (const group of groupsOf(batch)) {
      for (let start = 0; start < group.length; start += BATCH_GET_LIMIT) {
        const part = group.slice(start, start + BATCH_GET_LIMIT);
        if (part.length === 1) {
          const [only] = part as [Pending];
          getOne(db, only.input).then(only.resolve, only.reject);
        } else {
          getMany(db, part).catch((error: unknown) => {
            for (const get of part) get.reject(error);
          });
        }
      }
    }
  };
  return (input: GetInput) =>
    new Promise<Item | undefined>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ input, resolve, reject });
    });
}

async function getOne(db: DynamoDBDocumentClient, input: GetInput): Promise<Item | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: input.tableName,
      Key: input.key,
      ConsistentRead: input.consistent,
      ProjectionExpression: input.projection,
    }),
  );
  return Item;
}

/**
 * The requests for a batch: a request names each table once, with one consistency and projection,
 * so gets of one table differing in them go in requests of their own.
 */
function groupsOf(batch: Pending[]): Pending[][] {
  const requests: Pending[][] = [];
  for (const get of batch) {
    const request = requests.find((candidate) => {
      const same = candidate.find((other) => other.input.tableName === get.input.tableName);
      return same ? sameSettings(same.input, get.input) : true;
    });
    if (request) request.push(get);
    else requests.push([get]);
  }
  return requests;
}

const sameSettings = (a: GetInput, b: GetInput) =>
  (a.consistent === true) === (b.consistent === true) && (a.projection ?? '') === (b.projection ?? '');

const sameKey = (key: Item, item: Item) => Object.entries(key).every(([name, value]) => item[name] === value);

/** One BatchGetItem for gets of distinct tables (or one table, one setting); each answered by its key. */
async function getMany(db: DynamoDBDocumentClient, gets: Pending[]): Promise<void> {
  const found: Array<{ table: string; item: Item }> = [];
  let requestItems = requestItemsOf(gets);
  for (let attempt = 1; Object.keys(requestItems).length > 0; attempt++) {
    if (attempt > MAX_BATCH_GET_ATTEMPTS) {
      throw new Error(`Keys still unprocessed after ${MAX_BATCH_GET_ATTEMPTS} BatchGetItem attempts`);
    }
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt - 1)));
    const { Responses, UnprocessedKeys } = await db.send(new BatchGetCommand({ RequestItems: requestItems }));
    for (const [table, items] of Object.entries(Responses ?? {})) {
      for (const item of items) found.push({ table, item });
    }
    requestItems = (UnprocessedKeys ?? {}) as typeof requestItems;
  }
  for (const get of gets) {
    const match = found.find(
      ({ table, item }) => table === get.input.tableName && sameKey(get.input.key, item),
    );
    get.resolve(match?.item);
  }
}

function requestItemsOf(gets: Pending[]) {
  const requestItems: Record<
    string,
    { Keys: Item[]; ConsistentRead?: boolean; ProjectionExpression?: string }
  > = {};
  for (const { input } of gets) {
    const entry = requestItems[input.tableName] ?? {
      Keys: [],
      ...(input.consistent ? { ConsistentRead: true } : {}),
      // The key's attributes too: each item is matched to its get by them.
      ...(input.projection
        ? { ProjectionExpression: withKeyAttributes(input.projection, Object.keys(input.key)) }
        : {}),
    };
    requestItems[input.tableName] = entry;
    if (!entry.Keys.some((key) => sameKey(key, input.key))) entry.Keys.push(input.key);
  }
  return requestItems;
}

/** A projection naming the key's attributes too, each once (DynamoDB refuses overlapping paths). */
function withKeyAttributes(projection: string, keyNames: string[]): string {
  const named = projection.split(',').map((path) => path.trim());
  return [...named, ...keyNames.filter((name) => !named.includes(name))].join(', ');
}
