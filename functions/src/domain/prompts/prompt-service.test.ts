import { MAX_PROMPTS, PROMPT_EXPORT_FORMAT, PROMPT_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { PromptRepository, StoredPrompt } from './prompt.js';
import { createPromptService } from './prompt-service.js';

/** The repository's contract in memory: prompts by owner and id, in id order. */
function memoryRepository(): PromptRepository & { count: () => number } {
  const items = new Map<string, StoredPrompt>();
  const key = (ownerId: string, id: string) => `${ownerId}\u0000${id}`;
  return {
    count: () => items.size,
    list: async (ownerId) =>
      [...items.values()]
        .filter((prompt) => prompt.userId === ownerId)
        .sort((a, b) => a.promptId.localeCompare(b.promptId)),
    get: async (ownerId, id) => items.get(key(ownerId, id)),
    create: async (prompts) => {
      for (const prompt of prompts) items.set(key(prompt.userId, prompt.promptId), prompt);
    },
    replace: async (prompt) => {
      if (!items.has(key(prompt.userId, prompt.promptId))) return false;
      items.set(key(prompt.userId, prompt.promptId), prompt);
      return true;
    },
    delete: async (ownerId, id) => items.delete(key(ownerId, id)),
  };
}

function setUp() {
  let id = 0;
  let time = 1000;
  const repository = memoryRepository();
  const service = createPromptService({
    prompts: repository,
    newId: () => `p${String(++id).padStart(4, '0')}`,
    now: () => ++time,
  });
  return { service, repository };
}

const prompt = (title: string, body = `Body of ${title}`) => ({ title, body });

describe('the prompt service', () => {
  it('creates, lists newest first, searches title, body and tags, updates and deletes', async () => {
    const { service } = setUp();
    const review = await service.create('u1', { ...prompt('Code review', 'Review {{code}}'), tags: ['dev'] });
    await service.create('u1', prompt('Weekly report', 'Summarise the week'));
    expect((await service.list('u1')).map((p) => p.title)).toEqual(['Weekly report', 'Code review']);
    expect((await service.list('u1', 'REVIEW')).map((p) => p.title)).toEqual(['Code review']);
    expect((await service.list('u1', 'week')).map((p) => p.title)).toEqual(['Weekly report']);
    expect((await service.list('u1', 'dev')).map((p) => p.title)).toEqual(['Code review']);

    const updated = await service.update('u1', review.promptId, { title: 'Review', body: 'New {{x}}' });
    expect(updated).toMatchObject({ title: 'Review', body: 'New {{x}}', createdAt: review.createdAt });
    expect(updated.updatedAt).toBeGreaterThan(review.updatedAt);
    expect(updated.tags).toBeUndefined();

    await service.remove('u1', review.promptId);
    expect((await service.list('u1')).map((p) => p.title)).toEqual(['Weekly report']);
  });

  it("never reaches another owner's prompt", async () => {
    const { service } = setUp();
    const mine = await service.create('u1', prompt('Mine'));
    await expect(service.update('u2', mine.promptId, prompt('Taken'))).rejects.toEqual(
      new NotFoundError(PROMPT_MESSAGES.notFound),
    );
    await expect(service.remove('team#t1', mine.promptId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await service.list('u2')).toEqual([]);
  });

  it('refuses a prompt beyond the limit, per owner', async () => {
    const { service } = setUp();
    for (let i = 0; i < MAX_PROMPTS; i++) await service.create('u1', prompt(`P${i}`));
    await expect(service.create('u1', prompt('More'))).rejects.toEqual(
      new ConflictError(PROMPT_MESSAGES.tooManyPrompts),
    );
    await expect(service.create('u2', prompt('Theirs'))).resolves.toMatchObject({ title: 'Theirs' });
  });

  it('exports a file that imports back as new prompts', async () => {
    const { service } = setUp();
    await service.create('u1', { ...prompt('One', 'Say {{word}}'), description: 'd', tags: ['a', 'a', 'b'] });
    await service.create('u1', prompt('Two'));
    const file = await service.exportAll('u1');
    expect(file).toEqual({
      format: PROMPT_EXPORT_FORMAT,
      version: 1,
      prompts: [
        { title: 'One', body: 'Say {{word}}', description: 'd', tags: ['a', 'b'] },
        { title: 'Two', body: 'Body of Two' },
      ],
    });
    await expect(service.importAll('u2', file.prompts)).resolves.toEqual({ imported: 2 });
    expect((await service.exportAll('u2')).prompts).toEqual(file.prompts);
  });

  it('refuses a file with a bad item whole, naming each bad item, and writes nothing', async () => {
    const { service, repository } = setUp();
    await service.create('u1', prompt('Kept'));
    const error = await service
      .importAll('u1', [
        prompt('Good'),
        { title: '', body: 'x' },
        'not a prompt',
        { title: 'Long', body: 'x'.repeat(9000) },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message.split('\n')).toEqual([
      PROMPT_MESSAGES.importItems,
      `Prompt 2: title: ${PROMPT_MESSAGES.titleRequired}`,
      expect.stringMatching(/^Prompt 3: /),
      `Prompt 4 ("Long"): body: ${PROMPT_MESSAGES.bodyTooLong}`,
    ]);
    expect(repository.count()).toBe(1);
  });

  it('refuses an import past the limit, saying how many fit, and writes nothing', async () => {
    const { service, repository } = setUp();
    for (let i = 0; i < MAX_PROMPTS - 2; i++) await service.create('u1', prompt(`P${i}`));
    await expect(service.importAll('u1', [prompt('a'), prompt('b'), prompt('c')])).rejects.toEqual(
      new ConflictError(PROMPT_MESSAGES.importTooMany(3, 2)),
    );
    expect(repository.count()).toBe(MAX_PROMPTS - 2);
  });
});
