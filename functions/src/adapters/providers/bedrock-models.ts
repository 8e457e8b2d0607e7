import type { ModelInfo } from '../../domain/models/model-provider.js';

export interface BedrockModel {
  /** The model family's own API name (what conversations store, e.g. `claude-3-haiku-20240307`). */
  model: string;
  family: 'anthropic' | 'meta' | 'mistral';
  name: string;
  /** A foundation-model id, or a cross-region inference profile (`us.`) where on-demand needs one. */
  bedrockId: string;
}

/** The product's models served through Bedrock (us-east-1). The first is the product default. */
export const BEDROCK_MODELS: readonly BedrockModel[] = [
  {
    family: 'anthropic',
    model: 'claude-3-haiku-20240307',
    name: 'Claude 3 Haiku',
    bedrockId: 'anthropic.claude-3-haiku-20240307-v1:0',
  },
  {
    family: 'anthropic',
    model: 'claude-haiku-4-5-20251001',
    name: 'Claude Haiku 4.5',
    bedrockId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
  },
  {
    family: 'anthropic',
    model: 'claude-sonnet-4-5-20250929',
    name: 'Claude Sonnet 4.5',
    bedrockId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  },
  {
    family: 'anthropic',
    model: 'claude-sonnet-4-20250514',
    name: 'Claude Sonnet 4',
    bedrockId: 'us.anthropic.claude-sonnet-4-20250514-v1:0',
  },
  {
    family: 'anthropic',
    model: 'claude-3-5-haiku-20241022',
    name: 'Claude 3.5 Haiku',
    bedrockId: 'us.anthropic.claude-3-5-haiku-20241022-v1:0',
  },
  {
    family: 'meta',
    model: 'llama-3.3-70b-instruct',
    name: 'Llama 3.3 70B Instruct',
    bedrockId: 'us.meta.llama3-3-70b-instruct-v1:0',
  },
  {
    family: 'meta',
    model: 'llama-4-maverick-17b-instruct',
    name: 'Llama 4 Maverick 17B Instruct',
    bedrockId: 'us.meta.llama4-maverick-17b-instruct-v1:0',
  },
  {
    family: 'mistral',
    model: 'mistral-large-2407',
    name: 'Mistral Large (24.07)',
    bedrockId: 'mistral.mistral-large-2407-v1:0',
  },
  {
    family: 'mistral',
    model: 'pixtral-large-2502',
    name: 'Pixtral Large (25.02)',
    bedrockId: 'us.mistral.pixtral-large-2502-v1:0',
  },
];

export const DEFAULT_BEDROCK_MODEL = 'anthropic.claude-3-haiku-20240307-v1:0';

/** Our model name -> its Bedrock id; Bedrock ids (and anything unknown) pass through for Bedrock to judge. */
export function toBedrockModelId(model: string): string {
  return BEDROCK_MODELS.find((entry) => entry.model === model)?.bedrockId ?? model;
}

export function bedrockModelInfos(): ModelInfo[] {
  return BEDROCK_MODELS.map(({ model, name }) => ({ id: model, name }));
}
