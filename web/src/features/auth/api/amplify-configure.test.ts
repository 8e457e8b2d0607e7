import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG } from '../../../testing/fake-http';
import { configureAmplify } from './amplify-configure';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('configuring Amplify', () => {
  it("logs no warning for the local stack's identity endpoint, and still uses it", () => {
    const warn = vi.spyOn(console, 'warn');
    configureAmplify({ ...TEST_CONFIG, userPoolEndpoint: 'http://127.0.0.1:9229' });
    expect(warn).not.toHaveBeenCalled();
    expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe('http://127.0.0.1:9229');
  });

  it("leaves Amplify's own logging as it was: only this expected notice is left out", () => {
    const level = ConsoleLogger.LOG_LEVEL;
    configureAmplify({ ...TEST_CONFIG, userPoolEndpoint: 'http://127.0.0.1:9229' });
    expect(ConsoleLogger.LOG_LEVEL).toBe(level);
  });
});
