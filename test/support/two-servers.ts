import { type Api, apiAs } from './api.js';
import { configureAmplify, signUpAndSignIn } from './identity.js';
import { startTestStack } from './local-stack.js';
import { type ModelServer, startModelServer } from './model-server/index.js';

const EVERYTHING = '@modelcontextprotocol/server-everything';
/** The web origin the stack allows (Stripe's return URLs). */
export const APP = 'http://localhost:5173';

export interface TwoServers {
  stack: Awaited<ReturnType<typeof startTestStack>>;
  models: ModelServer;
  alice: { api: Api; idToken: string };
  /** Alice's Custom endpoint on the model server, as a stream's `provider`. */
  provider: string;
  /** Her two hosted server-everything servers ('Alpha Tools', 'Beta Tools'), both with `echo`. */
  alpha: string;
  beta: string;
  stop(): Promise<void>;
}

/** A local stack where a user has a Custom model endpoint and two hosted MCP servers (several servers per chat). */
export async function startTwoServers(): Promise<TwoServers> {
  const models = await startModelServer();
  const stack = await startTestStack({ web: false, appOrigins: [APP] });
  configureAmplify(stack.runtimeConfig);
  const { idToken } = await signUpAndSignIn();
  const alice = { api: apiAs(stack.apiUrl, idToken), idToken };
  const key = await alice.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  const server = async (name: string) =>
    (await alice.api.post('/mcp-servers', { name, packageName: EVERYTHING, idleTimeoutMinutes: 5 })).body
      .id as string;
  const [alpha, beta] = [await server('Alpha Tools'), await server('Beta Tools')];
  return {
    stack,
    models,
    alice,
    provider: `custom:${key.body.id as string}`,
    alpha,
    beta,
    async stop() {
      await stack.stop();
      await models.stop();
    },
  };
}
