import type { Engine } from './engine.js';

export interface PoolNames {
  poolName: string;
  clientName: string;
}

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

/** Creates the pool and app client once; later starts on the same data directory find them by name. */
export async function ensurePoolAndClient(engine: Engine, names: PoolNames): Promise<PoolIds> {
  const { services, ctx } = engine;
  const pools = await services.cognito.listUserPools(ctx);
  let userPoolId = pools.find((pool) => pool.Name === names.poolName)?.Id;
  if (!userPoolId) {
    const created = await engine.call('CreateUserPool', {
      PoolName: names.poolName,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: false,
          RequireLowercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
    userPoolId = (created.UserPool as { Id: string }).Id;
  }
  const clients = await services.cognito.listAppClients(ctx, userPoolId);
  let userPoolClientId = clients.find((client) => client.ClientName === names.clientName)?.ClientId;
  if (!userPoolClientId) {
    const created = await engine.call('CreateUserPoolClient', {
      UserPoolId: userPoolId,
      ClientName: names.clientName,
      GenerateSecret: false,
      ExplicitAuthFlows: [
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
        'ALLOW_USER_AUTH',
      ],
      EnableTokenRevocation: true,
      // Cognito's defaults: 1 h access and ID tokens, 30 d refresh tokens.
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    });
    userPoolClientId = (created.UserPoolClient as { ClientId: string }).ClientId;
  }
  return { userPoolId, userPoolClientId };
}
