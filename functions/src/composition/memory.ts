import { createMemoryStore } from '../adapters/dynamodb/memory-store.js';
import type { MemoryStore } from '../domain/memory/memory.js';
import { createMemoryService, type MemoryService } from '../domain/memory/memory-service.js';
import { db, env, newId } from './root.js';

let store: MemoryStore | undefined;
/** Memory's items (billing table): the users API's routes and the stream functions' replies. */
export function memoryStore(): MemoryStore {
  store ??= createMemoryStore(db, env.tables.billing);
  return store;
}

let memory: MemoryService | undefined;
export function memoryService(): MemoryService {
  memory ??= createMemoryService({ store: memoryStore(), newId, now: Date.now });
  return memory;
}
