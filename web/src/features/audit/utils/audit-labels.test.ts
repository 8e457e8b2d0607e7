import { describe, expect, it } from 'vitest';
import { actorLabel, targetLabel } from './audit-labels';

const names = new Map([
  ['u1', 'You'],
  ['srv-1', 'Everything'],
]);
const nameOf = (id: string) => names.get(id);

describe('the activity log labels', () => {
  it('names a target by its kind and name, else a short id', () => {
    expect(targetLabel('mcp-server:srv-1', nameOf)).toBe('Server Everything');
    expect(targetLabel('invitation:bob@example.com', nameOf)).toBe('Invitation bob@example.com');
    expect(targetLabel('member:bd0f5e2a-7c1e-4b8e-9a55', nameOf)).toBe('Member bd0f5e2a…');
    expect(targetLabel('', nameOf)).toBe('—');
  });

  it('names an actor: you, a service, else a short id', () => {
    expect(actorLabel({ actor: 'u1' }, nameOf)).toBe('You');
    expect(actorLabel({ actor: 'system:stripe' }, nameOf)).toBe('Stripe (billing)');
    expect(actorLabel({ actor: 'bd0f5e2a-7c1e-4b8e-9a55' }, nameOf)).toBe('bd0f5e2a…');
  });
});
