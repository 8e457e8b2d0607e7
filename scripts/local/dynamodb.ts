import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
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
    for (const table of TABLE_DEFINITIONS) await ensureTable(client, tableNames[table.id], table);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, tableNames, stop };
}

async function ensureTable(client: DynamoDBClient, name: string, table: TableDefinition): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(name, table)));
  }
  // dynalite answers CREATING even with createTableMs 0: wait for ACTIVE.
  for (let attempt = 0; attempt < 100; attempt++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    if (Table?.TableStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Table ${name} did not become ACTIVE`);
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
