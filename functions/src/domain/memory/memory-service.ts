import { MAX_MEMORY_FACTS, MEMORY_MESSAGES, type MemoryFact, type MemoryView } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { type MemoryStore, newestFirst } from './memory.js';

export interface MemoryServiceDeps {
  store: MemoryStore;
  newId: () => string;
  now: () => number;
}

/**
 * A user's memory (docs/decisions/chat.md, "Memory"): facts kept for the chat's system prompt, opt-in.
 * Every method works on the caller's own memory only: nobody else's is ever named or read.
 */
export function createMemoryService(deps: MemoryServiceDeps) {
  const { store } = deps;
  const view = async (caller: Caller): Promise<MemoryView> => {
    const memory = await store.get(caller.userId);
    return { enabled: memory.enabled, facts: newestFirst(memory.facts) };
  };

  return {
    view,

    async setEnabled(caller: Caller, enabled: boolean): Promise<MemoryView> {
      await store.setEnabled(caller.userId, enabled, deps.now());
      return view(caller);
    },

    /** A fact is added whether memory is on or off (the user may fill it before turning it on). */
    async add(caller: Caller, text: string): Promise<MemoryFact> {
      const at = deps.now();
      const fact = { factId: deps.newId(), text, createdAt: at, updatedAt: at };
      if (!(await store.addFact(caller.userId, fact, MAX_MEMORY_FACTS))) {
        throw new ConflictError(MEMORY_MESSAGES.tooManyFacts);
      }
      return fact;
    },

    async update(caller: Caller, factId: string, text: string): Promise<MemoryFact> {
      if (!(await store.updateFact(caller.userId, factId, text, deps.now()))) {
        throw new NotFoundError(MEMORY_MESSAGES.factNotFound);
      }
      const fact = (await store.get(caller.userId)).facts.find((f) => f.factId === factId);
      if (!fact) throw new NotFoundError(MEMORY_MESSAGES.factNotFound);
      return fact;
    },

    async remove(caller: Caller, factId: string): Promise<void> {
      if (!(await store.deleteFact(caller.userId, factId))) {
        throw new NotFoundError(MEMORY_MESSAGES.factNotFound);
      }
    },
  };
}
export type MemoryService = ReturnType<typeof createMemoryService>;
