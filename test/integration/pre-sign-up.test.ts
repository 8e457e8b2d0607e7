import { emailDomainNotAllowed, identityErrorMessage } from '@agentforge/shared';
import { signUp } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAmplify, TEST_PASSWORD } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ web: false, allowedEmailDomains: ['acme.example'] });
  configureAmplify(stack.runtimeConfig);
});
afterAll(() => stack?.stop());

const signUpAs = (email: string) =>
  signUp({ username: email, password: TEST_PASSWORD, options: { userAttributes: { email } } });

describe('the pre-sign-up trigger on the local stack (the stage’s allowedEmailDomains)', () => {
  it('refuses an address at another domain with the message /signup shows, creating no account', async () => {
    const email = `eve-${Date.now()}@evil.example`;
    const error = await signUpAs(email).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );

    expect(error).toMatchObject({ name: 'UserLambdaValidationException' });
    expect(identityErrorMessage(error)).toBe(emailDomainNotAllowed(['acme.example']));
    // Nothing was created: the same address is refused again, not "already exists".
    await expect(signUpAs(email)).rejects.toMatchObject({ name: 'UserLambdaValidationException' });
  });

  it('lets an address at an allowed domain sign up', async () => {
    const { userId } = await signUpAs(`ana-${Date.now()}@ACME.example`);
    expect(userId).toBeTruthy();
  });
});
