/**
 * The platform's models on the local stack: a Bedrock stand-in speaking ConverseStream, Converse,
 * ListFoundationModels and ListInferenceProfiles (the model server the tests use), with a scripted
 * model that echoes (`Echo: <your text>`, word by word; `[[long:<n>]]` for n words). The functions'
 * Bedrock clients reach it through the SDK's endpoint variables, so a local user chats on metered
 * platform models and meets plan limits, usage and the upgrade path as on AWS.
 */
import { platformModelsEnv, startModelServer } from '../../test/support/model-server/index.js';

/** As in us-east-1 late 2026: Claude 3 Haiku (the spec's default) retired, Claude 4.5 through `us.` profiles. */
const OFFERED = [
  'us.anthropic.claude-haiku-4-5-20251001-v1:0',
  'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
];
const RETIRED = ['anthropic.claude-3-haiku-20240307-v1:0'];

export async function startLocalBedrock(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = await startModelServer({ models: { bedrock: OFFERED }, retiredBedrockModels: RETIRED });
  Object.assign(process.env, platformModelsEnv(server.url));
  return { url: server.url, stop: server.stop };
}
