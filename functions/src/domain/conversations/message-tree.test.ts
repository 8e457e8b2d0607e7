import { describe, expect, it } from 'vitest';
import type { MessageRecord } from './message.js';
import { pathPage } from './message-page.js';
import { shownPath, shownPathWithSiblings } from './message-tree.js';

const message = (messageId: string, parentId?: string | null): MessageRecord => ({
  conversationId: 'c1',
  messageId,
  userId: 'u1',
  role: 'user',
  content: messageId,
  status: 'complete',
  timestamp: 1,
  ...(parentId === undefined ? {} : { parentId }),
});
const ids = (records: readonly MessageRecord[]) => records.map((record) => record.messageId);

// 01 → 02 → 03 (an old chain, no parent ids), then 04 and 06 regenerate 03 (siblings), 05 follows 04.
const tree = [
  message('01'),
  message('02'),
  message('03'),
  message('04', '02'),
  message('05', '04'),
  message('06', '02'),
];

describe('the shown path of a message tree', () => {
  it('reads messages without parent ids as one chain in order', () => {
    expect(ids(shownPath([message('03'), message('01'), message('02')]))).toEqual(['01', '02', '03']);
  });

  it("shows the newest message's branch when none was chosen", () => {
    expect(ids(shownPath(tree))).toEqual(['01', '02', '06']);
    expect(ids(shownPath([...tree, message('07', '05')]))).toEqual(['01', '02', '04', '05', '07']);
  });

  it('goes on from a chosen message along the branch written to last', () => {
    expect(ids(shownPath(tree, '02'))).toEqual(['01', '02', '06']);
    expect(ids(shownPath([...tree, message('07', '05')], '02'))).toEqual(['01', '02', '04', '05', '07']);
  });

  it('shows the branch through the chosen message, then its newest continuation', () => {
    expect(ids(shownPath(tree, '04'))).toEqual(['01', '02', '04', '05']);
    expect(ids(shownPath(tree, '03'))).toEqual(['01', '02', '03']);
    expect(ids(shownPath(tree, 'gone'))).toEqual(['01', '02', '06']);
  });

  it("names the siblings of a message at a fork, oldest first, and every message's parent", () => {
    const path = shownPathWithSiblings(tree, '05');
    expect(path.map(({ messageId, parentId, siblingIds }) => ({ messageId, parentId, siblingIds }))).toEqual([
      { messageId: '01', parentId: null, siblingIds: undefined },
      { messageId: '02', parentId: '01', siblingIds: undefined },
      { messageId: '04', parentId: '02', siblingIds: ['03', '04', '06'] },
      { messageId: '05', parentId: '04', siblingIds: undefined },
    ]);
  });

  it('reads a parent that is missing or not older than its child as none (no loop)', () => {
    const odd = [message('01', '02'), message('02', '01'), message('03', 'missing')];
    expect(ids(shownPath(odd, '02'))).toEqual(['01', '02']);
    expect(shownPathWithSiblings(odd)).toMatchObject([
      { messageId: '03', parentId: null, siblingIds: ['01', '03'] },
    ]);
  });

  it('pages the shown path newest first, its cursor going on past another branch', async () => {
    const path = shownPath(tree, '05');
    const page = (on: MessageRecord[], options: Parameters<typeof pathPage>[2]) =>
      pathPage('c1', on, options, async (nodes) => nodes);
    const first = await page(path, { limit: 2, order: 'newest' });
    expect(ids(first.messages)).toEqual(['05', '04']);
    const second = await page(path, { limit: 2, order: 'newest', cursor: first.nextCursor });
    expect(ids(second.messages)).toEqual(['02', '01']);
    expect(second.nextCursor).toBeUndefined();
    // After a switch to 06's branch, the same cursor goes on before 04 on the path shown now.
    const switched = await page(shownPath(tree, '06'), {
      limit: 5,
      order: 'newest',
      cursor: first.nextCursor,
    });
    expect(ids(switched.messages)).toEqual(['02', '01']);
    await expect(
      pathPage('c2', path, { limit: 2, cursor: first.nextCursor }, async (nodes) => nodes),
    ).rejects.toThrow('Invalid cursor');
  });
});
