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
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
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
