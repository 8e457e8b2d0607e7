import { randomBytes, randomUUID } from 'node:crypto';
import { attributeValue, type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService';

type AttributeListType = User['Attributes'];

import type { Compat, Handler } from '../context.js';
import { cognitoError } from '../errors.js';
import { runPreAuthentication } from '../pre-authentication.js';

/** What the identity provider's ID token says about the person (Google's claims). */
export interface FederatedProfile {
  providerName: string;
  /** Cognito's `identities` providerType: the provider's name for Google, `SAML` or `OIDC` for a pool's. */
  providerType?: 'SAML' | 'OIDC';
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
}

/** One entry of Cognito's `identities` attribute: an identity provider's user linked to this user. */
interface LinkedIdentity {
  userId: string;
  providerName: string;
  providerType: string;
  issuer: null;
  primary: string;
  dateCreated: string;
}

const identitiesOf = (user: User): LinkedIdentity[] => {
  try {
    return JSON.parse(attributeValue('identities', user.Attributes) ?? '[]') as LinkedIdentity[];
  } catch {
    return [];
  }
};

const withAttribute = (attributes: AttributeListType, name: string, value: string): AttributeListType => [
  ...attributes.filter((attribute) => attribute.Name !== name),
  { Name: name, Value: value },
];

const identity = (
  providerName: string,
  userId: string,
  primary: boolean,
  providerType = providerName,
): LinkedIdentity => ({
  userId,
  providerName,
  providerType,
  issuer: null,
  primary: String(primary),
  dateCreated: String(Date.now()),
});

/** The user an identity provider's user signs in as: one linked to it (AdminLinkProviderForUser), or its own. */
async function linkedUser(
  ctx: Compat['engine']['ctx'],
  userPool: UserPoolService,
  providerName: string,
  sub: string,
) {
  const users = await userPool.listUsers(ctx);
  return (
    users.find((user) =>
      identitiesOf(user).some((linked) => linked.providerName === providerName && linked.userId === sub),
    ) ?? null
  );
}

/**
 * AdminLinkProviderForUser: the destination (a user of the pool) signs in from now on when the
 * source (the provider's user, by `Cognito_Subject`) does. Cognito refuses to link a provider user
 * that already exists as its own user.
 */
export async function linkProviderForUser(
  compat: Compat,
  userPool: UserPoolService,
  destinationUsername: string,
  source: { providerName: string; sub: string },
): Promise<void> {
  const { ctx } = compat.engine;
  const destination = await userPool.getUserByUsername(ctx, destinationUsername);
  if (!destination) throw cognitoError('UserNotFoundException', 'User does not exist.');
  if (await userPool.getUserByUsername(ctx, `${source.providerName}_${source.sub}`)) {
    throw cognitoError('InvalidParameterException', 'SourceUser already exists as a user of the pool.');
  }
  const linked = [...identitiesOf(destination), identity(source.providerName, source.sub, false)];
  await userPool.saveUser(ctx, {
    ...destination,
    Attributes: withAttribute(destination.Attributes, 'identities', JSON.stringify(linked)),
  });
}

function profileAttributes(profile: FederatedProfile): AttributeListType {
  const optional: [string, string | undefined][] = [
    ['name', profile.name],
    ['given_name', profile.givenName],
    ['family_name', profile.familyName],
    ['picture', profile.picture],
  ];
  return [
    { Name: 'email', Value: profile.email },
    { Name: 'email_verified', Value: String(profile.emailVerified) },
    ...optional.flatMap(([Name, Value]) => (Value ? [{ Name, Value }] : [])),
  ];
}

/**
 * A returning federated sign-in runs the pool's authentication triggers as Cognito does ("Lambda
 * triggers for federated users"), with the user it signs in as (a linked password user, or the
 * provider's own): pre-authentication, whose refusal ends the sign-in (UserLambdaValidationException,
 * which the hosted domain sends back to the app), then post-authentication.
 */
async function returningSignIn(compat: Compat, clientId: string, userPoolId: string, user: User) {
  await runPreAuthentication(compat, { clientId, userPoolId, user });
  const { services, ctx } = compat.engine;
  if (services.triggers.enabled('PostAuthentication')) {
    await services.triggers.postAuthentication(ctx, {
      source: 'PostAuthentication_Authentication',
      clientId,
      clientMetadata: undefined,
      username: user.Username,
      userPoolId,
      userAttributes: user.Attributes,
    });
  }
}

/**
 * The user a federated sign-in signs in as, as Cognito decides it: a user linked to the provider's
 * user; else its own (`<Provider>_<sub>`), each through the authentication triggers; else, on the
 * first sign-in, the pre-sign-up trigger runs (source PreSignUp_ExternalProvider: it may refuse, or
 * link the provider's user to an existing one), then the user is created (status
 * EXTERNAL_PROVIDER, no password anyone knows) and the post-confirmation trigger runs.
 */
export async function federatedUser(
  compat: Compat,
  clientId: string,
  profile: FederatedProfile,
): Promise<User> {
  const { services, ctx } = compat.engine;
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const userPoolId = userPool.options.Id;
  const username = `${profile.providerName}_${profile.sub}`;
  const own = await userPool.getUserByUsername(ctx, username);
  const existing =
    (await linkedUser(ctx, userPool, profile.providerName, profile.sub)) ??
    (own?.Username === username ? own : null);
  if (existing) {
    if (!existing.Enabled) throw cognitoError('NotAuthorizedException', 'User is disabled.');
    await returningSignIn(compat, clientId, userPoolId, existing);
    return existing;
  }
  const attributes = profileAttributes(profile);
  if (services.triggers.enabled('PreSignUp')) {
    await services.triggers.preSignUp(ctx, {
      source: 'PreSignUp_ExternalProvider',
      clientId,
      username,
      userPoolId,
      userAttributes: attributes,
      clientMetadata: undefined,
      validationData: undefined,
    });
    const linked = await linkedUser(ctx, userPool, profile.providerName, profile.sub);
    if (linked) return linked;
  }
  const now = services.clock.get();
  const user: User = {
    Username: username,
    Attributes: [
      { Name: 'sub', Value: randomUUID() },
      ...attributes,
      {
        Name: 'identities',
        Value: JSON.stringify([identity(profile.providerName, profile.sub, true, profile.providerType)]),
      },
    ],
    Enabled: true,
    UserStatus: 'EXTERNAL_PROVIDER',
    Password: randomBytes(32).toString('base64url'),
    UserCreateDate: now,
    UserLastModifiedDate: now,
    RefreshTokens: [],
  };
  await userPool.saveUser(ctx, user);
  if (services.triggers.enabled('PostConfirmation')) {
    await services.triggers.postConfirmation(ctx, {
      source: 'PostConfirmation_ConfirmSignUp',
      clientId,
      username,
      userPoolId,
      userAttributes: user.Attributes,
    });
  }
  return (await userPool.getUserByUsername(ctx, username)) ?? user;
}

/** Tokens for a user the hosted domain signed in, its refresh token kept (hashed) so it can be refreshed and revoked. */
export async function hostedTokens(compat: Compat, clientId: string, user: User) {
  const { services, ctx } = compat.engine;
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const appClient = await services.cognito.getAppClient(ctx, clientId);
  if (!appClient) throw cognitoError('ResourceNotFoundException', 'Client not found');
  const groups = await userPool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(
    ctx,
    user,
    groups,
    appClient,
    undefined,
    'HostedAuth',
  );
  await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return tokens;
}

/** AdminLinkProviderForUser (the pre-sign-up trigger's call): a Cognito destination user, a provider's `Cognito_Subject`. */
export const adminLinkProviderForUser: Handler = async (compat, request) => {
  const { DestinationUser: destination, SourceUser: source } = request;
  if (destination?.ProviderName !== 'Cognito' || source?.ProviderAttributeName !== 'Cognito_Subject') {
    throw cognitoError(
      'InvalidParameterException',
      'Only a Cognito destination and a Cognito_Subject source are supported.',
    );
  }
  const userPool = await compat.engine.services.cognito.getUserPool(
    compat.engine.ctx,
    String(request.UserPoolId),
  );
  await linkProviderForUser(compat, userPool, String(destination.ProviderAttributeValue), {
    providerName: String(source.ProviderName),
    sub: String(source.ProviderAttributeValue),
  });
  return {};
};
