import type { ConversationRecord } from './conversation.js';
import type { MessageRepository, TreeNode } from './message.js';

/**
 * A conversation's messages as a tree (docs/decisions/chat.md, "Branches"): each message follows
 * its `parentId` (null: a first turn). Messages written before branches have none and follow the
 * message before them, so an old conversation reads as the single chain it was, without a migration.
 * A parent that is missing, or not older than its child, is read as none (a first turn): a stored
 * item can never make the walk loop.
 */
export interface MessageTree<T extends TreeNode> {
  parentOf(messageId: string): string | null;
  /** The children of `parentId` (null: the first turns), oldest first. */
  childrenOf(parentId: string | null): readonly T[];
  get(messageId: string): T | undefined;
  /** The child of `parentId` whose branch holds the newest message (the one last written to). */
  latestChildOf(parentId: string | null): T | undefined;
}

export function messageTree<T extends TreeNode>(records: readonly T[]): MessageTree<T> {
  const sorted = records.toSorted((a, b) => compareIds(a.messageId, b.messageId));
  const byId = new Map(sorted.map((record) => [record.messageId, record]));
  const parents = new Map<string, string | null>();
  const children = new Map<string | null, T[]>();
  sorted.forEach((record, index) => {
    const stated = record.parentId === undefined ? sorted[index - 1]?.messageId : record.parentId;
    const parent = stated && byId.has(stated) && compareIds(stated, record.messageId) < 0 ? stated : null;
    parents.set(record.messageId, parent);
    const siblings = children.get(parent);
    if (siblings) siblings.push(record);
    else children.set(parent, [record]);
  });
  // The newest message of each message's branch (itself or below): children are newer than parents.
  const newest = new Map<string, string>();
  for (const record of sorted.toReversed()) {
    const own = newest.get(record.messageId) ?? record.messageId;
    newest.set(record.messageId, own);
    const parent = parents.get(record.messageId);
    if (parent && compareIds(newest.get(parent) ?? '', own) < 0) newest.set(parent, own);
  }
  const latestChildOf = (parentId: string | null) =>
    children
      .get(parentId)
      ?.reduce((best, child) =>
        compareIds(newest.get(best.messageId) ?? '', newest.get(child.messageId) ?? '') < 0 ? child : best,
      );
  return {
    latestChildOf,
    parentOf: (messageId) => parents.get(messageId) ?? null,
    childrenOf: (parentId) => children.get(parentId) ?? [],
    get: (messageId) => byId.get(messageId),
  };
}

/**
 * The branch shown, first turn to last: the ancestors of `activeId` (when it is a message of the
 * tree), it, and from it on at each fork the child whose branch was written to last. With no
 * `activeId`, the branch of the conversation's newest message.
 */
export function shownPath<T extends TreeNode>(records: readonly T[], activeId?: string): T[] {
  return pathIn(messageTree(records), activeId);
}

/** The messages from the first turn to `messageId` (it included; none for null). */
export function branchTo<T extends TreeNode>(tree: MessageTree<T>, messageId: string | null): T[] {
  const path: T[] = [];
  for (let id = messageId; id !== null; id = tree.parentOf(id)) {
    const record = tree.get(id);
    if (record) path.push(record);
  }
  return path.reverse();
}

function pathIn<T extends TreeNode>(tree: MessageTree<T>, activeId: string | undefined): T[] {
  const start = activeId !== undefined && tree.get(activeId) ? activeId : null;
  const path = branchTo(tree, start);
  for (let next = tree.latestChildOf(start); next; next = tree.latestChildOf(next.messageId)) {
    path.push(next);
  }
  return path;
}

/** A message as read on the shown path: its parent stated, and its siblings' ids where it has any. */
export type PathMessage<T extends TreeNode = TreeNode> = T & {
  parentId: string | null;
  siblingIds?: string[];
};

/** The shown path with each message's parent and, at a fork, its siblings (for '< 2/3 >'). */
export function shownPathWithSiblings<T extends TreeNode>(
  records: readonly T[],
  activeId?: string,
): PathMessage<T>[] {
  const tree = messageTree(records);
  return pathIn(tree, activeId).map((record) => {
    const parentId = tree.parentOf(record.messageId);
    const siblings = tree.childrenOf(parentId);
    return siblings.length > 1
      ? { ...record, parentId, siblingIds: siblings.map((sibling) => sibling.messageId) }
      : { ...record, parentId };
  });
}

/**
 * The branch of the conversation shown, with each message's parent and siblings (or, `all`, every
 * message of the tree by age, each with its parent): every message's id and parent read in one
 * query (no content), the path walked in the function.
 */
export async function readBranches(
  messages: Pick<MessageRepository, 'listTree'>,
  conversation: Pick<ConversationRecord, 'conversationId' | 'activeLeafId'>,
  branches: 'shown' | 'all' = 'shown',
): Promise<PathMessage[]> {
  const nodes = await messages.listTree(conversation.conversationId);
  if (branches === 'shown') return shownPathWithSiblings(nodes, conversation.activeLeafId);
  const tree = messageTree(nodes);
  return nodes
    .map((node) => ({ ...node, parentId: tree.parentOf(node.messageId) }))
    .sort((a, b) => compareIds(a.messageId, b.messageId));
}

/** Message ids are ULIDs (fixed length, time first): plain string order is their age. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
