import { errorMessage } from '@agentforge/shared';
import type { User } from 'cognito-local/lib/services/userPoolService';
import type { Compat } from './context.js';
import { cognitoError } from './errors.js';

/**
 * Cognito's pre-authentication trigger, which cognito-local does not have: run on InitiateAuth
 * and AdminInitiateAuth once the user is known and before the password is checked, with the
 * event Cognito sends (`PreAuthentication_Authentication`, the user's attributes with
 * `cognito:user_status`, the request's ClientMetadata as `validationData`). A handler that throws
 * refuses the sign-in as Cognito does: UserLambdaValidationException, "PreAuthentication failed
 * with error <message>.", which Amplify surfaces as the error's name and message.
 */
export async function runPreAuthentication(
  compat: Compat,
  attempt: { clientId: string; userPoolId: string; user: User; clientMetadata?: unknown },
): Promise<void> {
  const handler = compat.preAuthentication;
  if (!handler) return;
  const { user } = attempt;
  const userAttributes = Object.fromEntries(
    user.Attributes.map(({ Name, Value }) => [Name, Value ?? '']),
  ) as Record<string, string>;
  const event = {
    version: '1',
    region: 'local',
    userPoolId: attempt.userPoolId,
    userName: user.Username,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: attempt.clientId },
    triggerSource: 'PreAuthentication_Authentication',
    request: {
      userAttributes: { ...userAttributes, 'cognito:user_status': user.UserStatus ?? 'CONFIRMED' },
      validationData: (attempt.clientMetadata as Record<string, string> | undefined) ?? {},
      userNotFound: false,
    },
    response: {},
  };
  try {
    await handler(event);
  } catch (error) {
    throw cognitoError(
      'UserLambdaValidationException',
      `PreAuthentication failed with error ${errorMessage(error)}.`,
    );
  }
}
