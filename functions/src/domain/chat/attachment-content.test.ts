import { ATTACHMENT_MESSAGES, type StreamEvent } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { inMemoryConversations, inMemoryMessages } from '../../testing/in-memory-conversations.js';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import { createAttachmentService } from '../attachments/attachment-service.js';
import type { AttachmentStore, StoredObject } from '../attachments/attachment-store.js';
import { createConversationService } from '../conversations/conversation-service.js';
import { ValidationError } from '../errors.js';
import { textFileBlock } from './attachment-content.js';
import { createChatService } from './chat-service.js';

const alice = { userId: 'alice', email: 'a@example.com' };
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

/** The storage port as a map (the adapter itself is tested against the local S3 stand-in). */
function objectsInMemory() {
  const objects = new Map<string, StoredObject & { bytes: Uint8Array }>();
  const store: AttachmentStore = {
    presignUpload: async (key) => ({ url: `https://s3.test/${key}`, headers: {} }),
    presignDownload: async (key) => `https://s3.test/${key}`,
    head: async (key) => {
      const object = objects.get(key);
      return (
        object && { contentType: object.contentType, size: object.size, fileName: object.fileName ?? '' }
      );
    },
    read: async (key) => objects.get(key)?.bytes,
    deletePrefix: async (prefix) => {
      for (const key of objects.keys()) if (key.startsWith(prefix)) objects.delete(key);
    },
  };
  const put = (id: string, fileName: string, contentType: string, bytes: Uint8Array, owner = 'alice') =>
    objects.set(`attachments/${owner}/c1/${id}`, { contentType, size: bytes.length, fileName, bytes });
  return { store, objects, put };
}

function setup(turns: Parameters<typeof scriptedModel>[0]) {
  let id = 0;
  const newId = () => String(++id).padStart(4, '0');
  const conversations = inMemoryConversations();
  const messages = inMemoryMessages();
  const model = scriptedModel(turns);
  const storage = objectsInMemory();
  const attachments = createAttachmentService({
    owned: async () => undefined,
    store: async () => storage.store,
    newId,
    now: () => 1,
  });
  const conversationService = createConversationService({
    conversations,
    messages,
    attachments,
    newId,
    now: () => 1,
  });
  const chat = createChatService({
    conversations: conversationService,
    messages,
    models: { resolve: async (_user, _provider, name) => ({ provider: model.provider, model: name }) },
    usage: { recordTokens: async () => undefined },
    attachments,
    newId,
    now: () => 1,
  });
  conversations.records.set('alice/c1', {
    userId: 'alice',
    conversationId: 'c1',
    name: 'n',
    title: 't',
    metadata: { defaultProvider: 'anthropic', defaultModel: 'm' },
    createdAt: 1,
    updatedAt: 1,
  });
  return { chat, messages, model, storage, conversationService };
}

async function run(chat: ReturnType<typeof setup>['chat'], query: Record<string, string>) {
  const events: StreamEvent[] = [];
  const started = await chat.start(alice, {
    conversationId: 'c1',
    provider: 'anthropic',
    model: 'm',
    ...query,
  });
  await started.run((event) => events.push(event));
  return events;
}

describe('attachments in the chat', () => {
  it('sends images as image parts and text files inlined before the text; records them on the trigger', async () => {
    const { chat, model, storage, messages } = setup([() => textTurn('Nice')]);
    storage.put('IMG1', 'cat.png', 'image/png', png);
    storage.put('TXT1', 'notes.md', 'text/markdown', new TextEncoder().encode('# Notes\nsome `code`'));
    const events = await run(chat, { triggerContent: 'Look at these', attachmentIds: 'IMG1,TXT1' });
    expect(events.at(-1)).toMatchObject({ type: 'end' });

    expect(model.requests[0]?.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', mediaType: 'image/png', data: png },
          {
            type: 'text',
            text: 'Attached file notes.md:\n```md\n# Notes\nsome `code`\n```\n\nLook at these',
          },
        ],
      },
    ]);
    const trigger = [...messages.records.values()].find((m) => m.role === 'user');
    expect(trigger?.attachments).toEqual([
      { id: 'IMG1', fileName: 'cat.png', contentType: 'image/png', size: 4, kind: 'image' },
      { id: 'TXT1', fileName: 'notes.md', contentType: 'text/markdown', size: 19, kind: 'text' },
    ]);
  });

  it('records them on the last user message when it was saved before the stream', async () => {
    const { chat, messages, model, storage } = setup([() => textTurn('Ok')]);
    storage.put('TXT1', 'a.ts', 'text/plain', new TextEncoder().encode('const a = 1;'));
    await messages.create({
      conversationId: 'c1',
      messageId: '0000-saved',
      userId: 'alice',
      role: 'user',
      content: 'Review this',
      status: 'complete',
      timestamp: 1,
    });
    await run(chat, { attachmentIds: 'TXT1' });
    expect(messages.records.get('c1/0000-saved')?.attachments).toMatchObject([{ id: 'TXT1', kind: 'text' }]);
    expect(model.requests[0]?.messages[0]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Attached file a.ts:\n```ts\nconst a = 1;\n```\n\nReview this' }],
    });
  });

  it('re-reads text files of earlier turns and names earlier images without sending them again', async () => {
    const { chat, model, storage } = setup([() => textTurn('One'), () => textTurn('Two')]);
    storage.put('IMG1', 'cat.png', 'image/png', png);
    storage.put('TXT1', 'a.txt', 'text/plain', new TextEncoder().encode('hello'));
    await run(chat, { triggerContent: 'First', attachmentIds: 'IMG1,TXT1' });
    await run(chat, { triggerContent: 'Second' });
    expect(model.requests[1]?.messages).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '[Image cat.png, attached earlier]\n\nAttached file a.txt:\n```txt\nhello\n```\n\nFirst',
          },
        ],
      },
      { role: 'assistant', content: 'One' },
      { role: 'user', content: 'Second' },
    ]);
  });

  it('refuses images for a model that does not take them, before anything is saved', async () => {
    const { chat, storage, messages } = setup([]);
    storage.put('IMG1', 'cat.png', 'image/png', png);
    const started = chat.start(alice, {
      conversationId: 'c1',
      provider: 'custom:key1',
      model: 'llama',
      triggerContent: 'What is this?',
      attachmentIds: 'IMG1',
    });
    await expect(started).rejects.toThrow(new ValidationError(ATTACHMENT_MESSAGES.modelRefusesImages));
    expect(messages.records.size).toBe(0);
  });

  it("refuses an attachment that was not uploaded, or is another user's", async () => {
    const { chat, storage } = setup([]);
    storage.put('BOB1', 'b.txt', 'text/plain', new TextEncoder().encode('secret'), 'bob');
    for (const attachmentIds of ['NOPE', 'BOB1']) {
      await expect(
        chat.start(alice, {
          conversationId: 'c1',
          provider: 'anthropic',
          model: 'm',
          triggerContent: 'x',
          attachmentIds,
        }),
      ).rejects.toThrow(ATTACHMENT_MESSAGES.notUploaded);
    }
  });

  it('refuses attachments without a user message to go with', async () => {
    const { chat, storage } = setup([]);
    storage.put('TXT1', 'a.txt', 'text/plain', new TextEncoder().encode('a'));
    await expect(
      chat.start(alice, { conversationId: 'c1', provider: 'anthropic', model: 'm', attachmentIds: 'TXT1' }),
    ).rejects.toThrow(ATTACHMENT_MESSAGES.needsMessage);
  });

  it("deletes a conversation's files with it", async () => {
    const { conversationService, storage } = setup([]);
    storage.put('TXT1', 'a.txt', 'text/plain', new TextEncoder().encode('a'));
    storage.objects.set('attachments/alice/c2/X', { contentType: 'text/plain', size: 1, bytes: png });
    await conversationService.delete(alice, 'c1');
    expect([...storage.objects.keys()]).toEqual(['attachments/alice/c2/X']);
  });
});

describe('textFileBlock', () => {
  it('fences the file with more backticks than it contains', () => {
    expect(textFileBlock('x.md', new TextEncoder().encode('````\nquad\n````\n'))).toBe(
      'Attached file x.md:\n`````md\n````\nquad\n````\n`````',
    );
  });

  it('says so when the file is gone or not text', () => {
    expect(textFileBlock('x.txt', undefined)).toBe('[Attached file x.txt: no longer available]');
    expect(textFileBlock('x.txt', new Uint8Array([0xff, 0xfe, 0x00]))).toBe(
      '[Attached file x.txt: not readable as UTF-8 text]',
    );
    expect(textFileBlock('x.txt', new Uint8Array([0x61, 0x00]))).toBe(
      '[Attached file x.txt: not readable as text]',
    );
  });
});
