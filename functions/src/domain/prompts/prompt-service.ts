import {
  MAX_PROMPTS,
  PROMPT_EXPORT_FORMAT,
  PROMPT_MESSAGES,
  type PromptExport,
  type PromptInput,
  parsePromptImport,
  promptImportErrorText,
  promptMatches,
} from '@agentforge/shared';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { PromptRepository, StoredPrompt } from './prompt.js';

export interface PromptServiceDeps {
  prompts: PromptRepository;
  newId: () => string;
  now: () => number;
}

/** Import errors named in the refusal's message; the rest are counted. */
const MAX_IMPORT_ERRORS_SHOWN = 10;

export type PromptService = ReturnType<typeof createPromptService>;

/**
 * The prompt library: each owner's saved prompts (a user's own, or a team's as `team#<teamId>`;
 * the routes decide who may act as which owner). Another owner's prompt is simply not there (404).
 */
export function createPromptService({ prompts, newId, now }: PromptServiceDeps) {
  async function roomFor(ownerId: string, count: number): Promise<void> {
    const held = (await prompts.list(ownerId)).length;
    if (held + count <= MAX_PROMPTS) return;
    throw new ConflictError(
      count === 1 ? PROMPT_MESSAGES.tooManyPrompts : PROMPT_MESSAGES.importTooMany(count, MAX_PROMPTS - held),
    );
  }

  const stored = (ownerId: string, input: PromptInput, time: number): StoredPrompt => ({
    userId: ownerId,
    promptId: newId(),
    ...fields(input),
    createdAt: time,
    updatedAt: time,
  });

  return {
    /** The owner's prompts matching the search (title, body, description, tags), newest first. */
    async list(ownerId: string, query = ''): Promise<StoredPrompt[]> {
      const all = await prompts.list(ownerId);
      return all.filter((prompt) => promptMatches(prompt, query)).reverse();
    },

    async create(ownerId: string, input: PromptInput): Promise<StoredPrompt> {
      await roomFor(ownerId, 1);
      const prompt = stored(ownerId, input, now());
      await prompts.create([prompt]);
      return prompt;
    },

    async update(ownerId: string, promptId: string, input: PromptInput): Promise<StoredPrompt> {
      const existing = await prompts.get(ownerId, promptId);
      if (!existing) throw new NotFoundError(PROMPT_MESSAGES.notFound);
      const prompt: StoredPrompt = {
        userId: ownerId,
        promptId,
        ...fields(input),
        createdAt: existing.createdAt,
        updatedAt: now(),
      };
      if (!(await prompts.replace(prompt))) throw new NotFoundError(PROMPT_MESSAGES.notFound);
      return prompt;
    },

    async remove(ownerId: string, promptId: string): Promise<void> {
      if (!(await prompts.delete(ownerId, promptId))) throw new NotFoundError(PROMPT_MESSAGES.notFound);
    },

    /** The owner's prompts as a file `import` takes back (oldest first, as they were made). */
    async exportAll(ownerId: string): Promise<PromptExport> {
      const all = await prompts.list(ownerId);
      return { format: PROMPT_EXPORT_FORMAT, version: 1, prompts: all.map(fields) };
    },

    /**
     * Adds the file's prompts as new ones, all or none: one invalid item, or more than the library
     * has room for, refuses the whole file (naming each bad item) and nothing is written.
     */
    async importAll(ownerId: string, items: readonly unknown[]): Promise<{ imported: number }> {
      const { prompts: valid, errors } = parsePromptImport(items);
      if (errors.length > 0) {
        const shown = errors.slice(0, MAX_IMPORT_ERRORS_SHOWN).map(promptImportErrorText);
        const more = errors.length - shown.length;
        throw new ValidationError(
          [PROMPT_MESSAGES.importItems, ...shown, ...(more > 0 ? [`… and ${more} more`] : [])].join('\n'),
        );
      }
      await roomFor(ownerId, valid.length);
      const time = now();
      await prompts.create(valid.map((input) => stored(ownerId, input, time)));
      return { imported: valid.length };
    },
  };
}

/** The user's fields, without empty optional ones. */
function fields(prompt: PromptInput): PromptInput {
  const tags = [...new Set(prompt.tags ?? [])];
  return {
    title: prompt.title,
    body: prompt.body,
    ...(prompt.description ? { description: prompt.description } : {}),
    ...(tags.length ? { tags } : {}),
  };
}
