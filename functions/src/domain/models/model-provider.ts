/**
 * The provider port: every model API (Bedrock, Anthropic, OpenAI, Google, Mistral, any
 * OpenAI-compatible "Custom" endpoint) is an adapter that turns one request into one normalised
 * event stream. The tool loop (domain/chat) owns everything else: SSE events, persistence,
 * cancellation, limits. No SDK types cross this boundary.
 */
import { DomainError } from '../errors.js';

export type ProviderId = 'bedrock' | 'anthropic' | 'openai' | 'google' | 'mistral' | 'custom';

export interface ModelToolCall {
  id: string;
  name: string;
  /** Parsed JSON arguments. */
  input: unknown;
}

/** A part of a user turn: text, or an image (attachments: see domain/chat/attachment-content.ts). */
export type ModelUserPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType: string; data: Uint8Array };

export type ModelMessage =
  | { role: 'user'; content: string | ModelUserPart[] }
  | { role: 'assistant'; content: string; toolCalls?: ModelToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string; isError?: boolean };

export interface ModelToolDefinition {
  name: string;
  description?: string;
  /** JSON Schema of the tool's input (an MCP tool's inputSchema). */
  inputSchema: Record<string, unknown>;
  /** MCP tool annotations (hints from the server, untrusted): decide whether a step needs confirming. */
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
}

export interface ModelRequest {
  /** The provider's own model id (e.g. `claude-3-haiku-20240307`, `gpt-4o-mini`, a Bedrock model id). */
  model: string;
  system?: string;
  messages: ModelMessage[];
  tools?: ModelToolDefinition[];
  /**
   * `{ type: 'tool', name }` forces a call of that tool (the planner's `create_plan`): every
   * provider we support does tool calling, not every one does structured output. Default: auto.
   */
  toolChoice?: { type: 'tool'; name: string };
  maxOutputTokens?: number;
  /** Sampling temperature (0-2); the provider's default when absent. */
  temperature?: number;
  /** Aborts the HTTP request to the provider (stop, client cancel, timeout). */
  signal?: AbortSignal;
  /**
   * Offer the provider's own web search tool (it searches on the provider's side; its results
   * come back as `source` and `citation` events). Only for providers that have one.
   */
  webSearch?: boolean;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'other';

/** A web page the provider's own search found, or a text's citation of one (`quote`: the cited passage). */
export interface ModelWebSource {
  url: string;
  title?: string;
  quote?: string;
}

export type ModelStreamEvent =
  | { type: 'text-delta'; text: string }
  /** A page the provider's search found. */
  | { type: 'source'; source: ModelWebSource }
  /** The text just streamed cites these pages (they go after it as [n]). */
  | { type: 'citation'; sources: ModelWebSource[] }
  | { type: 'tool-call'; toolCall: ModelToolCall }
  | { type: 'finish'; reason: FinishReason; usage: ModelUsage };

export interface ModelInfo {
  id: string;
  name: string;
}

export interface ModelProvider {
  readonly id: ProviderId;
  /**
   * Streams one model turn. Yields text deltas as they arrive (never buffered), complete tool
   * calls, and exactly one `finish` last. Failures reject with ProviderError.
   */
  stream(request: ModelRequest): AsyncIterable<ModelStreamEvent>;
  /** The models this provider offers with these credentials. */
  listModels(): Promise<ModelInfo[]>;
  /** A cheap authenticated call proving the credentials work; rejects with ProviderError. */
  validate(): Promise<void>;
}

export type ProviderErrorKind = 'auth' | 'rate_limit' | 'model_not_found' | 'bad_request' | 'unavailable';

/** A rejected provider key is not the caller's session failing: never 401 (the web app would sign out). */
const PROVIDER_ERROR_CODES = {
  auth: 'BAD_REQUEST',
  rate_limit: 'RATE_LIMITED',
  model_not_found: 'BAD_REQUEST',
  bad_request: 'BAD_REQUEST',
  unavailable: 'UPSTREAM_ERROR',
} as const;

/** A provider call failed; `message` is safe to show the user (it never contains the key). */
export class ProviderError extends DomainError {
  readonly code: (typeof PROVIDER_ERROR_CODES)[ProviderErrorKind];
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.code = PROVIDER_ERROR_CODES[kind];
  }
}
