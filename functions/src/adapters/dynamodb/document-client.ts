import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface DocumentClientOptions {
  region: string;
  /** Local stack: dynalite's URL (any credentials are accepted there). */
  endpoint?: string;
}

export function createDocumentClient({ region, endpoint }: DocumentClientOptions): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region,
    ...(endpoint
      ? {
          endpoint,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          // The local stack serves every request from one process (a Lambda serves one at a time).
          requestHandler: { httpAgent: { keepAlive: true, maxSockets: 256 } },
        }
      : {}),
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
