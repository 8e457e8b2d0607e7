import type { FoundationModelSummary, InferenceProfileSummary } from '@aws-sdk/client-bedrock';
import { describe, expect, it } from 'vitest';
import { catalogueFrom, createBedrockCatalogue, productModelName } from './bedrock-catalogue.js';

const model = (
  modelId: string,
  status: 'ACTIVE' | 'LEGACY',
  inference: ('ON_DEMAND' | 'INFERENCE_PROFILE')[],
  outputModalities: ('TEXT' | 'EMBEDDING')[] = ['TEXT'],
): FoundationModelSummary => ({
  modelId,
  modelArn: `arn:aws:bedrock:us-east-1::foundation-model/${modelId}`,
  modelName: modelId,
  providerName: 'x',
  outputModalities,
  responseStreamingSupported: true,
  // Bedrock answers INFERENCE_PROFILE for profile-only models; the SDK's enum predates it.
  inferenceTypesSupported: inference as FoundationModelSummary['inferenceTypesSupported'],
  modelLifecycle: { status },
});
const profile = (id: string): InferenceProfileSummary => ({
  inferenceProfileId: id,
  inferenceProfileArn: `arn:aws:bedrock:us-east-1:1:inference-profile/${id}`,
  inferenceProfileName: id,
  models: [],
  status: 'ACTIVE',
  type: 'SYSTEM_DEFINED',
});

const MODELS = [
  model('anthropic.claude-3-haiku-20240307-v1:0', 'LEGACY', ['ON_DEMAND']),
  model('anthropic.claude-haiku-4-5-20251001-v1:0', 'ACTIVE', ['INFERENCE_PROFILE']),
  model('anthropic.claude-opus-4-6-v1', 'ACTIVE', ['INFERENCE_PROFILE']),
  model('mistral.mistral-large-2407-v1:0', 'ACTIVE', ['ON_DEMAND']),
  model('amazon.titan-embed-text-v2:0', 'ACTIVE', ['ON_DEMAND'], ['EMBEDDING']),
];
const PROFILES = [
  profile('us.anthropic.claude-haiku-4-5-20251001-v1:0'),
  profile('eu.anthropic.claude-opus-4-6-v1'),
  profile('us.anthropic.claude-3-haiku-20240307-v1:0'),
];

describe('catalogueFrom', () => {
  it('offers ACTIVE text models, through the region’s profile when on-demand needs one', () => {
    expect(catalogueFrom(MODELS, PROFILES, { region: 'us-east-1' })).toEqual([
      {
        family: 'anthropic',
        model: 'claude-haiku-4-5-20251001',
        name: 'anthropic.claude-haiku-4-5-20251001-v1:0',
        bedrockId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
      },
      // Opus 4.6 has only an `eu.` profile here: not callable from us-east-1, not offered.
      {
        family: 'mistral',
        model: 'mistral-large-2407',
        name: 'mistral.mistral-large-2407-v1:0',
        bedrockId: 'mistral.mistral-large-2407-v1:0',
      },
    ]);
  });

  it('keeps to the allow-list, in its order', () => {
    const allowList = ['mistral.mistral-large-2407-v1:0', 'anthropic.claude-3-haiku-20240307-v1:0'];
    expect(
      catalogueFrom(MODELS, PROFILES, { region: 'us-east-1', allowList }).map((entry) => entry.bedrockId),
    ).toEqual(['mistral.mistral-large-2407-v1:0']);
  });

  it('names models as their family does', () => {
    expect(productModelName('anthropic.claude-opus-4-6-v1')).toEqual({
      family: 'anthropic',
      model: 'claude-opus-4-6',
    });
    expect(productModelName('anthropic.claude-sonnet-4-6').model).toBe('claude-sonnet-4-6');
  });
});

describe('createBedrockCatalogue', () => {
  it('reads again only when the cache has expired, and never keeps a failure', async () => {
    let calls = 0;
    let fail = true;
    let time = 0;
    const client = {
      send: async (command: { constructor: { name: string } }) => {
        calls++;
        if (fail) throw new Error('throttled');
        return command.constructor.name === 'ListFoundationModelsCommand'
          ? { modelSummaries: MODELS }
          : { inferenceProfileSummaries: PROFILES };
      },
    };
    const catalogue = createBedrockCatalogue({
      client: () => client as never,
      region: 'us-east-1',
      ttlMs: 1000,
      now: () => time,
    });
    await expect(catalogue.list()).rejects.toThrow('throttled');
    fail = false;
    expect(await catalogue.list()).toHaveLength(2);
    const read = calls;
    time = 999;
    await catalogue.list();
    expect(calls).toBe(read);
    time = 1000;
    await catalogue.list();
    expect(calls).toBe(read + 2);
  });
});
