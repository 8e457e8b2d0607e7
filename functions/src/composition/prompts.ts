import { createPromptRepository } from '../adapters/dynamodb/prompt-repository.js';
import { createPromptService, type PromptService } from '../domain/prompts/prompt-service.js';
import { db, env, newId } from './root.js';

let prompts: PromptService | undefined;
export function promptService(): PromptService {
  prompts ??= createPromptService({
    prompts: createPromptRepository(db, env.tables.prompts),
    newId,
    now: Date.now,
  });
  return prompts;
}
