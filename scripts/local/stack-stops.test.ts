import { describe, expect, it } from 'vitest';
import { stopAll } from './stack-stops.js';

describe('stopAll', () => {
  it('stops the pieces last started first', async () => {
    const stopped: string[] = [];
    const stop = (name: string) => async () => void stopped.push(name);
    await stopAll([stop('dynamodb'), stop('identity'), stop('api')]);
    expect(stopped).toEqual(['api', 'identity', 'dynamodb']);
  });

  it('goes on past a piece that fails to stop', async () => {
    const stopped: string[] = [];
    await stopAll([
      async () => void stopped.push('dynamodb'),
      async () => Promise.reject(new Error('already gone')),
      async () => void stopped.push('api'),
    ]);
    expect(stopped).toEqual(['api', 'dynamodb']);
  });
});
