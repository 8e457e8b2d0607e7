import { DomainError } from '../../domain/errors.js';

/** API Gateway gives an integration 29 s; leave room to answer. */
const FORWARD_TIMEOUT_MS = 25_000;

export class BridgeUnreachableError extends DomainError {
  readonly code = 'UPSTREAM_ERROR';
}

export interface ForwardedResponse {
  statusCode: number;
  /** Parsed JSON-RPC response(s); undefined for 202 Accepted (notifications). */
  body?: unknown;
}

/** One MCP JSON-RPC message (or batch) to a server's bridge, with the run's bearer token. */
export async function forwardToBridge(input: {
  endpoint: string;
  bridgeToken: string;
  message: unknown;
  protocolVersion?: string;
}): Promise<ForwardedResponse> {
  let response: Response;
  try {
    response = await fetch(`${input.endpoint}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${input.bridgeToken}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...(input.protocolVersion ? { 'mcp-protocol-version': input.protocolVersion } : {}),
      },
      body: JSON.stringify(input.message),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
  } catch (error) {
    throw new BridgeUnreachableError('The MCP server did not answer. It may still be starting; try again.', {
      cause: error,
    });
  }
  const text = await response.text();
  if (!text) return { statusCode: response.status };
  try {
    return { statusCode: response.status, body: JSON.parse(text) };
  } catch (error) {
    throw new BridgeUnreachableError('The MCP server answered with something that is not JSON.', {
      cause: error,
    });
  }
}
