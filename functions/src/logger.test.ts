import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDACTED, redactSecrets } from './logger.js';

describe('redactSecrets', () => {
  it('hides fields named like secrets and keeps the rest', () => {
    const line = JSON.stringify(
      {
        message: 'x',
        apiKey: 'sk-live',
        run: { bridgeToken: 'abc', idToken: 'jwt', envCiphertext: 'c' },
        usage: { inputTokens: 3, outputTokens: 4 },
        provider: 'openai',
      },
      redactSecrets,
    );
    expect(JSON.parse(line)).toEqual({
      message: 'x',
      apiKey: REDACTED,
      run: { bridgeToken: REDACTED, idToken: REDACTED, envCiphertext: REDACTED },
      usage: { inputTokens: 3, outputTokens: 4 },
      provider: 'openai',
    });
  });
});

describe('logger', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('writes JSON with the error, its cause and the request id, and never a secret-named field', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const { logger, withRequestContext } = await import('./logger.js');
    const lines: string[] = [];
    const write = (chunk: unknown) => lines.push(String(chunk)) > 0;
    vi.spyOn(process.stdout, 'write').mockImplementation(write);
    vi.spyOn(process.stderr, 'write').mockImplementation(write);
    withRequestContext().before({
      context: { awsRequestId: 'req-1', functionName: 'fn' } as never,
    });
    logger.error('Stream failed', new Error('outer', { cause: new Error('inner') }));
    logger.warn('Provider left out', { provider: 'openai', apiKey: 'sk-live' });
    const [failed, warned] = lines.map((line) => JSON.parse(line));
    expect(failed).toMatchObject({
      level: 'ERROR',
      message: 'Stream failed',
      function_request_id: 'req-1',
      error: { message: 'outer', cause: { message: 'inner' } },
    });
    expect(warned).toMatchObject({ level: 'WARN', provider: 'openai', apiKey: REDACTED });
  });

  it('logs nothing at LOG_LEVEL=silent', async () => {
    vi.stubEnv('LOG_LEVEL', 'silent');
    const { logger } = await import('./logger.js');
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    logger.error('quiet', new Error('x'));
    expect(out).not.toHaveBeenCalled();
    expect(err).not.toHaveBeenCalled();
  });
});
