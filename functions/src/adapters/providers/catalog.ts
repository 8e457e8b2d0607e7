import { PROVIDER_DISPLAY_NAMES } from '@agentforge/shared';
import type { ModelInfo, ProviderId } from '../../domain/models/model-provider.js';

/** The provider's name inside user-facing error messages. */
export const PROVIDER_LABELS: Readonly<Record<ProviderId, string>> = PROVIDER_DISPLAY_NAMES;

/** Curated current chat models of the direct APIs (their full lists include embeddings, audio, ...). */
export const DIRECT_PROVIDER_MODELS: Record<'anthropic' | 'openai' | 'google' | 'mistral', ModelInfo[]> = {
  anthropic: [
    { id: 'claude-sonnet-4-6', name: 'Claude Sonnet 4.6' },
    { id: 'claude-opus-4-6', name: 'Claude Opus 4.6' },
    { id: 'claude-sonnet-4-5-20250929', name: 'Claude Sonnet 4.5' },
    { id: 'claude-haiku-4-5-20251001', name: 'Claude Haiku 4.5' },
    { id: 'claude-3-haiku-20240307', name: 'Claude 3 Haiku' },
  ],
  openai: [
    { id: 'gpt-5.4', name: 'GPT-5.4' },
    { id: 'gpt-5.4-mini', name: 'GPT-5.4 mini' },
    { id: 'gpt-5', name: 'GPT-5' },
    { id: 'gpt-5-mini', name: 'GPT-5 mini' },
    { id: 'gpt-4.1', name: 'GPT-4.1' },
    { id: 'gpt-4o-mini', name: 'GPT-4o mini' },
  ],
  google: [
    { id: 'gemini-3.1-pro-preview', name: 'Gemini 3.1 Pro (preview)' },
    { id: 'gemini-3-flash-preview', name: 'Gemini 3 Flash (preview)' },
    { id: 'gemini-2.5-pro', name: 'Gemini 2.5 Pro' },
    { id: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash' },
    { id: 'gemini-2.5-flash-lite', name: 'Gemini 2.5 Flash-Lite' },
  ],
  mistral: [
    { id: 'mistral-large-latest', name: 'Mistral Large' },
    { id: 'mistral-medium-latest', name: 'Mistral Medium' },
    { id: 'mistral-small-latest', name: 'Mistral Small' },
    { id: 'magistral-medium-latest', name: 'Magistral Medium' },
    { id: 'ministral-8b-latest', name: 'Ministral 8B' },
  ],
};
