import type { RuntimeConfig } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { buildAmplifyConfig } from './amplify-config';

const BASE: RuntimeConfig = {
  stage: 'dev',
  region: 'us-east-1',
  userPoolId: 'us-east-1_abc',
  userPoolClientId: 'client-1',
  apiBaseUrl: 'https://app.example.com/api',
  streamUrl: 'https://app.example.com/api/messages/generate-stream',
  streamAuthHeader: 'Authorization',
};

describe('buildAmplifyConfig', () => {
  it('configures the user pool with e-mail sign-in and no OAuth when no hosted domain is set', () => {
    expect(buildAmplifyConfig(BASE, 'https://app.example.com')).toEqual({
      Auth: {
        Cognito: {
          userPoolId: 'us-east-1_abc',
          userPoolClientId: 'client-1',
          signUpVerificationMethod: 'code',
          loginWith: { email: true },
        },
      },
    });
  });

  it('adds the identity pool, the local endpoint and OAuth on the app root when present', () => {
    const config = buildAmplifyConfig(
      {
        ...BASE,
        identityPoolId: 'us-east-1:pool',
        userPoolEndpoint: 'http://localhost:9229',
        oauthDomain: 'auth.example.com',
      },
      'http://localhost:5173',
    );
    expect(config.Auth?.Cognito).toMatchObject({
      identityPoolId: 'us-east-1:pool',
      userPoolEndpoint: 'http://localhost:9229',
      loginWith: {
        email: true,
        oauth: {
          domain: 'auth.example.com',
          scopes: ['email', 'profile', 'openid'],
          redirectSignIn: ['http://localhost:5173/'],
          redirectSignOut: ['http://localhost:5173/'],
          responseType: 'code',
        },
      },
    });
  });
});
