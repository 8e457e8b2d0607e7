import { describe, expect, it } from 'vitest';
import { inSpace } from './conversation-space';

describe('inSpace', () => {
  it("lists a chat in the space it was started in, and a left team's chats with the personal ones", () => {
    expect(inSpace({}, undefined, ['t1'])).toBe(true);
    expect(inSpace({ teamId: 't1' }, undefined, ['t1'])).toBe(false);
    expect(inSpace({ teamId: 't1' }, 't1', ['t1'])).toBe(true);
    expect(inSpace({}, 't1', ['t1'])).toBe(false);
    expect(inSpace({ teamId: 'gone' }, undefined, ['t1'])).toBe(true);
    expect(inSpace({ teamId: 'gone' }, 't1', ['t1'])).toBe(false);
    // Teams not known yet: a team's chat is not shown as personal.
    expect(inSpace({ teamId: 'gone' }, undefined, undefined)).toBe(false);
  });
});
