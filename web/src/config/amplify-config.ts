import type { RuntimeConfig } from '@agentforge/shared';
import type { ResourcesConfig } from 'aws-amplify';

/**
 * Amplify's configuration (auth only) from the checked runtime configuration. `origin` is the
 * app's origin (`window.location.origin`): social sign-in returns to and signs out to its root.
 */
export function buildAmplifyConfig(config: RuntimeConfig, origin: string): ResourcesConfig {
  const appRoot = `${origin}/`;
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.identityPoolId ? { identityPoolId: config.identityPoolId } : {}),
        // Local stack only: the compatibility layer in front of cognito-local.
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        signUpVerificationMethod: 'code',
        loginWith: {
          email: true,
          ...(config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: ['email', 'profile', 'openid'],
                  redirectSignIn: [appRoot],
                  redirectSignOut: [appRoot],
                  responseType: 'code',
                },
              }
            : {}),
        },
      },
    },
  };
}
