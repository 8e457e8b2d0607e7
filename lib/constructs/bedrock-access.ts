import type { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';

/** What the code sends to Bedrock: ConverseStream, which IAM authorizes as this action only. */
export const BEDROCK_INVOKE_ACTIONS = ['bedrock:InvokeModelWithResponseStream'];

/**
 * Where a cross-region (system-defined) inference profile may route a request, by its prefix: the
 * union of the destination regions of the geography's profiles (a model granted in a region it is
 * never routed to costs nothing; one missing fails the request). A model with another prefix
 * fails the synth until its geography is added here.
 */
export const INFERENCE_PROFILE_REGIONS: Readonly<Record<string, readonly string[]>> = {
  us: ['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'],
};

/** The live catalogue's two reads (functions/src/adapters/providers/bedrock-catalogue.ts). */
export const BEDROCK_LIST_ACTIONS = ['bedrock:ListFoundationModels', 'bedrock:ListInferenceProfiles'];

/** A system-defined inference profile id: a geography prefix, then the foundation model id. */
const PROFILE_ID = /^(us|us-gov|eu|apac|jp|au|ca|global)\.(.+)$/;

/** AWS Marketplace calls Bedrock makes as the caller when a model is first used in the account. */
export const MARKETPLACE_SUBSCRIBE_ACTIONS = ['aws-marketplace:Subscribe', 'aws-marketplace:Unsubscribe'];
export const MARKETPLACE_VIEW_ACTIONS = ['aws-marketplace:ViewSubscriptions'];

/** Where the platform's models are listed and called (stage config `bedrock`). */
export interface BedrockOffer {
  /** @default the stack's region */
  readonly region?: string | undefined;
  /** The allow-list, as called (a `us.` profile id for a model that needs one); none: every model. */
  readonly models?: readonly string[] | undefined;
}

/** The regions a region's `<geography>.` profiles route to, the region itself first. */
function profileRegionsOf(region: string): string[] {
  const prefix = region.split('-')[0] ?? '';
  const geography = prefix === 'ap' ? 'apac' : prefix;
  return [...new Set([region, ...(INFERENCE_PROFILE_REGIONS[geography] ?? [])])];
}

/**
 * The ARNs a role must be allowed to invoke for these Bedrock model ids: a foundation model in the
 * Bedrock region; an inference profile (`us.<model>`) in that region and the account, plus its
 * foundation model in every destination region of the profile.
 */
export function bedrockModelArns(stack: Stack, modelIds: readonly string[], region = stack.region): string[] {
  const foundationModel = (region: string, model: string) =>
    stack.formatArn({
      service: 'bedrock',
      region,
      account: '',
      resource: 'foundation-model',
      resourceName: model,
    });
  const arns = modelIds.flatMap((id) => {
    const profile = id.match(PROFILE_ID);
    if (!profile) return [foundationModel(region, id)];
    const [, geography, model] = profile as unknown as [string, string, string];
    const regions = INFERENCE_PROFILE_REGIONS[geography];
    if (!regions) {
      throw new Error(
        `Bedrock model ${id}: add the destination regions of "${geography}." inference profiles`,
      );
    }
    return [
      stack.formatArn({ service: 'bedrock', region, resource: 'inference-profile', resourceName: id }),
      ...regions.map((region) => foundationModel(region, model)),
    ];
  });
  return [...new Set(arns)];
}

/**
 * What invoking the offered models takes: the allow-list's ARNs; without one, every foundation model
 * in the regions the region's profiles route to, and every inference profile of the account there.
 */
function offeredModelArns(stack: Stack, offer: BedrockOffer): string[] {
  const region = offer.region ?? stack.region;
  if (offer.models) return bedrockModelArns(stack, offer.models, region);
  return [
    stack.formatArn({ service: 'bedrock', region, resource: 'inference-profile', resourceName: '*' }),
    ...profileRegionsOf(region).map((to) =>
      stack.formatArn({
        service: 'bedrock',
        region: to,
        account: '',
        resource: 'foundation-model',
        resourceName: '*',
      }),
    ),
  ];
}

/**
 * Listing the models and profiles the account can call (the live catalogue). Neither action has a
 * resource type: IAM takes only `*` for them, and they read no data of ours.
 */
export function bedrockListStatement(): PolicyStatement {
  return new PolicyStatement({ sid: 'ListBedrockModels', actions: BEDROCK_LIST_ACTIONS, resources: ['*'] });
}

/**
 * Listing and invoking the stage's Bedrock models (`offer`), and the Marketplace subscription
 * Bedrock starts as the caller the first time a third-party model is used in the account.
 * Marketplace actions have no resources; with `productIds` (each model's Marketplace product id,
 * from its model card) Subscribe and Unsubscribe are limited to those products.
 */
export function bedrockAccessStatements(
  stack: Stack,
  options: { offer?: BedrockOffer; productIds?: readonly string[] | undefined } = {},
): PolicyStatement[] {
  const productIds = options.productIds ?? [];
  return [
    bedrockListStatement(),
    new PolicyStatement({
      sid: 'InvokeOfferedBedrockModels',
      actions: BEDROCK_INVOKE_ACTIONS,
      resources: offeredModelArns(stack, options.offer ?? {}),
    }),
    new PolicyStatement({
      sid: 'SubscribeToBedrockModels',
      actions: MARKETPLACE_SUBSCRIBE_ACTIONS,
      resources: ['*'],
      ...(productIds.length > 0
        ? { conditions: { 'ForAnyValue:StringEquals': { 'aws-marketplace:ProductId': [...productIds] } } }
        : {}),
    }),
    new PolicyStatement({
      sid: 'ViewModelSubscriptions',
      actions: MARKETPLACE_VIEW_ACTIONS,
      resources: ['*'],
    }),
  ];
}

/** The functions' view of the offer (functions/src/env.ts: BEDROCK_REGION, BEDROCK_MODELS). */
export function bedrockEnvironment(offer: BedrockOffer | undefined): Record<string, string> {
  return {
    ...(offer?.region ? { BEDROCK_REGION: offer.region } : {}),
    ...(offer?.models ? { BEDROCK_MODELS: offer.models.join(',') } : {}),
  };
}
