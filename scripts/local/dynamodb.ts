import { once } from 'node:events';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  CreateTableCommand,
  type CreateTableCommandInput,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import {
  TABLE_DEFINITIONS,
  type TableDefinition,
  type TableId,
} from '../../functions/src/adapters/dynamodb/table-definitions.js';

export interface LocalDynamo {
  endpoint: string;
  tableNames: Record<TableId, string>;
  stop(): Promise<void>;
}

/**
 * dynalite on disk (LevelDB under `path`), in a worker thread of its own, with the tables of the
 * CDK data construct.
 */
export async function startLocalDynamo(options: {
  path: string;
  port: number;
  tablePrefix: string;
}): Promise<LocalDynamo> {
  const worker = new Worker(new URL('./dynamodb-worker.mjs', import.meta.url), {
    workerData: { path: options.path, port: options.port },
  });
  const [started] = (await once(worker, 'message')) as [{ port?: number; error?: string }];
  if (!started.port) {
    await worker.terminate();
    throw new Error(`dynalite did not start: ${started.error}`);
  }
  const port = started.port;
  const stop = async () => {
    worker.postMessage('stop');
    await once(worker, 'message');
    await worker.terminate();
  };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const tableNames = Object.fromEntries(
    TABLE_DEFINITIONS.map((table) => [table.id, `${options.tablePrefix}-${table.id}`]),
  ) as Record<TableId, string>;
  try {
    for (const table of TABLE_DEFINITIONS) {
      await ensureTable(client, tableNames[table.id], table, `${options.path}.rebuild-${table.id}.json`);
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, tableNames, stop };
}

type Item = Record<string, AttributeValue>;

/**
 * Creates the table if missing. A table from an older data directory that lacks an index the
 * definitions now have is rebuilt with it (dynalite cannot add an index to a table): its items are
 * kept in `backupFile` until they are back, so a start interrupted halfway finishes the next time.
 */
async function ensureTable(
  client: DynamoDBClient,
  name: string,
  table: TableDefinition,
  backupFile: string,
): Promise<void> {
  let existing: string[] | undefined;
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    existing = (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName ?? '');
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const missingIndex = (table.globalIndexes ?? []).some((index) => !existing?.includes(index.indexName));
  if (existing && missingIndex) {
    await writeFile(backupFile, JSON.stringify(await scanAll(client, name)), { mode: 0o600 });
    await client.send(new DeleteTableCommand({ TableName: name }));
    await waitFor(client, name, (status) => status === undefined);
    existing = undefined;
  }
  if (!existing) await client.send(new CreateTableCommand(createTableInput(name, table)));
  // dynalite answers CREATING even with createTableMs 0: wait for ACTIVE.
  await waitFor(client, name, (status) => status === 'ACTIVE');
  const backup = await readFile(backupFile, 'utf8').catch(() => undefined);
  if (backup !== undefined) {
    await putAll(client, name, JSON.parse(backup) as Item[]);
    await rm(backupFile);
  }
}

async function waitFor(client: DynamoDBClient, name: string, done: (status: string | undefined) => boolean) {
  for (let attempt = 0; attempt < 250; attempt++) {
    const status = await client.send(new DescribeTableCommand({ TableName: name })).then(
      ({ Table }) => Table?.TableStatus,
      (error: unknown) => {
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      },
    );
    if (done(status)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Table ${name} did not become ready`);
}

async function scanAll(client: DynamoDBClient, name: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: name, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function putAll(client: DynamoDBClient, name: string, items: Item[]): Promise<void> {
  for (let at = 0; at < items.length; at += 25) {
    let requests = items.slice(at, at + 25).map((item) => ({ PutRequest: { Item: item } }));
    while (requests.length) {
      const { UnprocessedItems } = await client.send(
        new BatchWriteItemCommand({ RequestItems: { [name]: requests } }),
      );
      requests = (UnprocessedItems?.[name] ?? []).flatMap((request) =>
        request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
      );
    }
  }
}

function createTableInput(name: string, table: TableDefinition): CreateTableCommandInput {
  const keys = [
    table.partitionKey,
    table.sortKey,
    ...(table.globalIndexes ?? []).flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  const attributes = new Map(keys.filter((key) => key !== undefined).map((key) => [key.name, key.type]));
  const keySchema = (pk: { name: string }, sk?: { name: string }) => [
    { AttributeName: pk.name, KeyType: 'HASH' as const },
    ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({
      AttributeName,
      AttributeType,
    })),
    KeySchema: keySchema(table.partitionKey, table.sortKey),
    ...(table.globalIndexes?.length
      ? {
          GlobalSecondaryIndexes: table.globalIndexes.map((index) => ({
            IndexName: index.indexName,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection: { ProjectionType: 'ALL' },
          })),
        }
      : {}),
  };
}
