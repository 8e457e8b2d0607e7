/**
 * Bedrock's control plane as the catalogue reads it: `GET /foundation-models` (ListFoundationModels)
 * and `GET /inference-profiles` (ListInferenceProfiles). The served ids make the listing: a bare id
 * is an on-demand foundation model, a `us.` id a system-defined profile over a foundation model that
 * runs only through it; the retired ids are listed LEGACY (and answer ResourceNotFoundException
 * when called, as a model past its end of life does).
 */
import { type Exchange, sendJson } from './exchange.js';

const REGION = 'us-east-1';
const PROFILE = /^us\.(.+)$/;

/** Names as Bedrock's console shows them; an id not here is named after itself. */
const NAMES: Record<string, string> = {
  'anthropic.claude-3-haiku-20240307-v1:0': 'Claude 3 Haiku',
  'anthropic.claude-3-5-haiku-20241022-v1:0': 'Claude 3.5 Haiku',
  'anthropic.claude-haiku-4-5-20251001-v1:0': 'Claude Haiku 4.5',
  'anthropic.claude-sonnet-4-5-20250929-v1:0': 'Claude Sonnet 4.5',
};

function foundationModel(id: string, status: 'ACTIVE' | 'LEGACY', inferenceTypes: string[]) {
  return {
    modelArn: `arn:aws:bedrock:${REGION}::foundation-model/${id}`,
    modelId: id,
    modelName: NAMES[id] ?? id,
    providerName: id.split('.')[0],
    inputModalities: ['TEXT', 'IMAGE'],
    outputModalities: ['TEXT'],
    responseStreamingSupported: true,
    customizationsSupported: [],
    inferenceTypesSupported: inferenceTypes,
    modelLifecycle: { status },
  };
}

export function handleBedrockCatalogue(exchange: Exchange, retired: readonly string[]): void {
  const served = exchange.models.map((id) => ({ id, model: id.match(PROFILE)?.[1] }));
  if (exchange.path === '/foundation-models') {
    const modelSummaries = [
      ...served.map(({ id, model }) =>
        model
          ? foundationModel(model, 'ACTIVE', ['INFERENCE_PROFILE'])
          : foundationModel(id, 'ACTIVE', ['ON_DEMAND']),
      ),
      ...retired.map((id) => foundationModel(id, 'LEGACY', ['ON_DEMAND'])),
    ].filter((summary) => {
      const modality = exchange.query.get('byOutputModality');
      return !modality || summary.outputModalities.includes(modality);
    });
    sendJson(exchange, 200, { modelSummaries });
    return;
  }
  const type = exchange.query.get('type');
  const inferenceProfileSummaries =
    type && type !== 'SYSTEM_DEFINED'
      ? []
      : served.flatMap(({ id, model }) =>
          model
            ? [
                {
                  inferenceProfileId: id,
                  inferenceProfileArn: `arn:aws:bedrock:${REGION}:123456789012:inference-profile/${id}`,
                  inferenceProfileName: `US ${NAMES[model] ?? model}`,
                  models: ['us-east-1', 'us-east-2', 'us-west-2'].map((region) => ({
                    modelArn: `arn:aws:bedrock:${region}::foundation-model/${model}`,
                  })),
                  status: 'ACTIVE',
                  type: 'SYSTEM_DEFINED',
                },
              ]
            : [],
        );
  sendJson(exchange, 200, { inferenceProfileSummaries });
}
