import type { RuntimeConfig } from '@agentforge/shared';
import type { ResourcesConfig } from 'aws-amplify';

/**
 * Amplify's configuration (auth only) from the checked runtime configuration. `origin` is the
 * app's origin (`window.location.origin`): social sign-in returns to and signs out to its root.
 */
export function buildAmplifyConfig(config: RuntimeConfig, origin: string): ResourcesConfig {
  const appRoot = `${origin}/`;
  const userPool = {
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    // Local stack only: the compatibility layer in front of cognito-local.
    ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
    signUpVerificationMethod: 'code' as const,
    loginWith: {
      email: true,
      ...(config.oauthDomain
        ? {
            oauth: {
              domain: config.oauthDomain,
              scopes: ['email', 'profile', 'openid'],
              redirectSignIn: [appRoot],
              redirectSignOut: [appRoot],
              responseType: 'code' as const,
            },
          }
        : {}),
    },
  };
  // Amplify's config type is a strict union: a user pool alone, or a user pool with an identity pool.
  if (config.identityPoolId) {
    return { Auth: { Cognito: { ...userPool, identityPoolId: config.identityPoolId } } };
  }
  return { Auth: { Cognito: userPool } };
}
