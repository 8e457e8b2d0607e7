import type { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BEDROCK_MODELS } from '../../functions/src/adapters/providers/bedrock-models';

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

/** A system-defined inference profile id: a geography prefix, then the foundation model id. */
const PROFILE_ID = /^(us|us-gov|eu|apac|jp|au|ca|global)\.(.+)$/;

/** AWS Marketplace calls Bedrock makes as the caller when a model is first used in the account. */
export const MARKETPLACE_SUBSCRIBE_ACTIONS = ['aws-marketplace:Subscribe', 'aws-marketplace:Unsubscribe'];
export const MARKETPLACE_VIEW_ACTIONS = ['aws-marketplace:ViewSubscriptions'];

/**
 * The ARNs a role must be allowed to invoke for these Bedrock model ids: a foundation model in the
 * stack's region; an inference profile (`us.<model>`) in the stack's region and account, plus its
 * foundation model in every destination region of the profile.
 */
export function bedrockModelArns(stack: Stack, modelIds: readonly string[]): string[] {
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
    if (!profile) return [foundationModel(stack.region, id)];
    const [, geography, model] = profile as unknown as [string, string, string];
    const regions = INFERENCE_PROFILE_REGIONS[geography];
    if (!regions) {
      throw new Error(
        `Bedrock model ${id}: add the destination regions of "${geography}." inference profiles`,
      );
    }
    return [
      stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: id }),
      ...regions.map((region) => foundationModel(region, model)),
    ];
  });
  return [...new Set(arns)];
}

/**
 * Invoking the product's Bedrock models (BEDROCK_MODELS), and the Marketplace subscription Bedrock
 * starts as the caller the first time a third-party model is used in the account. Marketplace
 * actions have no resources; with `productIds` (each model's Marketplace product id, from its model
 * card) Subscribe and Unsubscribe are limited to those products.
 */
export function bedrockAccessStatements(
  stack: Stack,
  options: { modelIds?: readonly string[]; productIds?: readonly string[] | undefined } = {},
): PolicyStatement[] {
  const productIds = options.productIds ?? [];
  return [
    new PolicyStatement({
      sid: 'InvokeOfferedBedrockModels',
      actions: BEDROCK_INVOKE_ACTIONS,
      resources: bedrockModelArns(stack, options.modelIds ?? BEDROCK_MODELS.map((model) => model.bedrockId)),
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
