import type { MemoryFact } from '@agentforge/shared';

/** A user's memory as stored: the switch and the facts (any order). */
export interface MemoryRecord {
  enabled: boolean;
  facts: MemoryFact[];
}

/** Where memory is kept (adapters/dynamodb/memory-store.ts): one item per user, one per team. */
export interface MemoryStore {
  /** Off with no facts when the user never turned it on. */
  get(userId: string): Promise<MemoryRecord>;
  setEnabled(userId: string, enabled: boolean, at: number): Promise<void>;
  /** False when the user already has `max` facts (nothing written). */
  addFact(userId: string, fact: MemoryFact, max: number): Promise<boolean>;
  /** False when there is no such fact. */
  updateFact(userId: string, factId: string, text: string, at: number): Promise<boolean>;
  /** False when there is no such fact. */
  deleteFact(userId: string, factId: string): Promise<boolean>;
  /** Whether a team's Admins allow memory in its space (off until they do). */
  teamAllows(teamId: string): Promise<boolean>;
  setTeamAllows(teamId: string, allowed: boolean, at: number): Promise<void>;
}

/** Newest first: the most recently written fact is the one the user cares about now. */
export const newestFirst = (facts: readonly MemoryFact[]): MemoryFact[] =>
  [...facts].sort((a, b) => b.updatedAt - a.updatedAt || b.factId.localeCompare(a.factId));

/** What memory gives a reply: whether it applies (the `remember` tool is offered) and the facts. */
export interface ReplyMemory {
  on: boolean;
  facts: MemoryFact[];
}

/**
 * Memory for a reply: off (no facts, no `remember` tool) while the user's memory is off, and in a
 * team's space unless its Admins allow memory there. `teamId` is awaited alongside the user's read.
 */
export async function replyMemory(
  store: Pick<MemoryStore, 'get' | 'teamAllows'>,
  userId: string,
  teamId: Promise<string | undefined>,
): Promise<ReplyMemory> {
  const memory = store.get(userId);
  memory.catch(() => undefined); // awaited below
  const team = await teamId;
  const allowed = team === undefined ? true : await store.teamAllows(team);
  const { enabled, facts } = await memory;
  return enabled && allowed ? { on: true, facts } : { on: false, facts: [] };
}
