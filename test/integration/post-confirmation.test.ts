import { confirmSignUp, signUp } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { createUserRepository } from '../../functions/src/adapters/dynamodb/user-repository.js';
import { configureAmplify, TEST_PASSWORD, uniqueEmail } from '../support/identity.js';
import { startTestStack, TEST_CODE } from '../support/local-stack.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
});
afterAll(() => stack?.stop());

describe('the post-confirmation trigger on the local stack', () => {
  it('creates the user record when the account is confirmed, before any API call', async () => {
    const email = uniqueEmail('trigger');
    const { userId } = await signUp({
      username: email,
      password: TEST_PASSWORD,
      options: { userAttributes: { email } },
    });
    const users = createUserRepository(
      createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT }),
      process.env.TABLE_USERS as string,
    );
    expect(await users.get(userId as string)).toBeUndefined();

    await confirmSignUp({ username: email, confirmationCode: TEST_CODE });

    expect(await users.get(userId as string)).toMatchObject({
      userId,
      email,
      isWhitelisted: false,
      hasCompletedOnboarding: false,
    });
  });
});
