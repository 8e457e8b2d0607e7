import { describe, expect, it } from 'vitest';
import { handlerKey, ROUTES } from './routes.js';

describe('route manifest', () => {
  it('names each handler module the way an area index imports it', () => {
    expect(handlerKey('issue-external-token')).toBe('issueExternalToken');
    expect(handlerKey('get-me')).toBe('getMe');
  });

  it('gives every handler name a distinct key within its area', () => {
    const keys = new Map<string, string>();
    for (const route of ROUTES) {
      const key = `${route.area} ${handlerKey(route.handler)}`;
      expect(keys.get(key) ?? route.handler).toBe(route.handler);
      keys.set(key, route.handler);
    }
  });
});
