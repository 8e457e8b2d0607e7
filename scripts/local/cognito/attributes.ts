import { attribute, attributesAppend, type User } from 'cognito-local/lib/services/userPoolService';
import { type Compat, findUser, type Handler } from './context.js';
import { codeMismatch, cognitoError } from './errors.js';
import { verifyAccessToken } from './tokens.js';

/**
 * A user's own attribute changes, as the stage's pool is configured (`keepOriginal: { email: true }`,
 * i.e. AttributesRequireVerificationBeforeUpdate: email): a new e-mail address is only pending,
 * the old one stays the user's (and their tokens') until the code sent to the new one is
 * confirmed; an address another user has is refused. cognito-local would set it at once, still
 * marked verified, so anyone could take an address they do not own.
 */

/** Attributes a user may not write about themselves (the app client's write attributes leave them out). */
type AttributeType = User['Attributes'][number];

const READ_ONLY = new Set(['sub', 'email_verified', 'phone_number_verified']);
const EMAIL_FORMAT = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const emailOf = (user: User) => user.Attributes.find((a) => a.Name === 'email')?.Value;
const pendingEmailOf = (user: User) =>
  user.UnverifiedAttributeChanges?.find((a) => a.Name === 'email')?.Value;
const emailDelivery = (destination: string) =>
  ({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: destination }) as const;

async function signedInUser(compat: Compat, accessToken: unknown) {
  const claims = verifyAccessToken(compat.keys, accessToken);
  const { services, ctx } = compat.engine;
  const userPool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
  const user = await userPool.getUserByUsername(ctx, claims.username);
  if (!user) throw cognitoError('NotAuthorizedException', 'User does not exist.');
  return { clientId: claims.client_id, userPool, user };
}

async function assertEmailFree(compat: Compat, clientId: string, user: User, email: string) {
  const { user: holder } = await findUser(compat, clientId, email);
  if (holder && holder.Username !== user.Username) {
    throw cognitoError('AliasExistsException', 'An account with the given email already exists.');
  }
}

/** A new code for the address being verified (the pending one, else the current one), to that address. */
async function sendCode(
  compat: Compat,
  found: Awaited<ReturnType<typeof signedInUser>>,
  source: 'UpdateUserAttribute' | 'VerifyUserAttribute',
  clientMetadata: Record<string, string> | undefined,
) {
  const { services, ctx } = compat.engine;
  const { userPool, user, clientId } = found;
  const destination = pendingEmailOf(user) ?? emailOf(user);
  if (!destination) throw cognitoError('InvalidParameterException', 'User has no e-mail address.');
  const code = services.otp();
  const delivery = emailDelivery(destination);
  await userPool.saveUser(ctx, { ...user, AttributeVerificationCode: code });
  await services.messages.deliver(
    ctx,
    source,
    clientId,
    userPool.options.Id,
    user,
    code,
    clientMetadata,
    delivery,
  );
  return delivery;
}

export const updateUserAttributes: Handler = async (compat, request) => {
  const changes = (Array.isArray(request.UserAttributes) ? request.UserAttributes : []) as AttributeType[];
  const forbidden = changes.find((change) => READ_ONLY.has(change.Name));
  if (forbidden) {
    throw cognitoError(
      'NotAuthorizedException',
      `A client attempted to write unauthorized attribute: ${forbidden.Name}`,
    );
  }
  const others = changes.filter((change) => change.Name !== 'email');
  const email = changes.find((change) => change.Name === 'email')?.Value?.trim();
  let found = await signedInUser(compat, request.AccessToken);
  if (email !== undefined) {
    if (!EMAIL_FORMAT.test(email))
      throw cognitoError('InvalidParameterException', 'Invalid email address format.');
    await assertEmailFree(compat, found.clientId, found.user, email);
  }
  if (others.length > 0) {
    await compat.engine.call('UpdateUserAttributes', { ...request, UserAttributes: others });
    found = await signedInUser(compat, request.AccessToken);
  }
  if (email === undefined || email.toLowerCase() === emailOf(found.user)?.toLowerCase()) {
    return { CodeDeliveryDetailsList: [] };
  }
  const pending = { ...found.user, UnverifiedAttributeChanges: [attribute('email', email)] };
  await found.userPool.saveUser(compat.engine.ctx, pending);
  const delivery = await sendCode(
    compat,
    { ...found, user: pending },
    'UpdateUserAttribute',
    request.ClientMetadata,
  );
  return { CodeDeliveryDetailsList: [delivery] };
};

export const getUserAttributeVerificationCode: Handler = async (compat, request) => {
  if (request.AttributeName !== 'email') {
    throw cognitoError('InvalidParameterException', 'Only the email attribute is verified here.');
  }
  const found = await signedInUser(compat, request.AccessToken);
  return {
    CodeDeliveryDetails: await sendCode(compat, found, 'VerifyUserAttribute', request.ClientMetadata),
  };
};

/** The code proves the address: a pending one becomes the user's e-mail (if still free), verified. */
export const verifyUserAttribute: Handler = async (compat, request) => {
  if (request.AttributeName !== 'email') {
    throw cognitoError('InvalidParameterException', 'Only the email attribute is verified here.');
  }
  const { clientId, userPool, user } = await signedInUser(compat, request.AccessToken);
  compat.limiter.assertAllowed(user.Username);
  if (!user.AttributeVerificationCode || user.AttributeVerificationCode !== String(request.Code)) {
    compat.limiter.recordFailure(user.Username);
    throw codeMismatch();
  }
  compat.limiter.reset(user.Username);
  const pending = pendingEmailOf(user);
  if (pending) await assertEmailFree(compat, clientId, user, pending);
  await userPool.saveUser(compat.engine.ctx, {
    ...user,
    Attributes: attributesAppend(
      user.Attributes,
      ...(pending ? [attribute('email', pending)] : []),
      attribute('email_verified', 'true'),
    ),
    UnverifiedAttributeChanges: undefined,
    AttributeVerificationCode: undefined,
    UserLastModifiedDate: compat.engine.services.clock.get(),
  });
  return {};
};
