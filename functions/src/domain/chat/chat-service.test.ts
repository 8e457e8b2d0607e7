import type { StreamEvent } from '@agentforge/shared';
import { describe, expect, it, vi } from 'vitest';
import { inMemoryConversations, inMemoryMessages } from '../../testing/in-memory-conversations.js';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import { createConversationService } from '../conversations/conversation-service.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { type ModelStreamEvent, ProviderError } from '../models/model-provider.js';
import { TITLE_MAX_OUTPUT_TOKENS, TITLE_REQUEST } from './auto-title.js';
import { createChatService, STREAM_STOPPED_MARK } from './chat-service.js';
import type { ToolSource } from './ports.js';

const alice = { userId: 'alice', email: 'a@example.com' };

/** `reservesTokens`: the model is a platform one (its calls reserve tokens on a plan). */
function setup(
  turns: Parameters<typeof scriptedModel>[0],
  tools?: ToolSource,
  reservesTokens = false,
  /** The model resolver's failure (no key for the provider). */
  unresolved?: Error,
) {
  let id = 0;
  const newId = () => String(++id).padStart(4, '0');
  const conversations = inMemoryConversations();
  const messages = inMemoryMessages();
  const model = scriptedModel(turns);
  const usage: unknown[] = [];
  const conversationService = createConversationService({ conversations, messages, newId, now: () => 1 });
  const chat = createChatService({
    conversations: conversationService,
    messages,
    models: {
      resolve: async (_user, _provider, name) => {
        if (unresolved) throw unresolved;
        return {
          provider: model.provider,
          model: name,
          ...(reservesTokens ? { reservesTokens } : {}),
        };
      },
    },
    usage: { recordTokens: async (...args) => void usage.push(args) },
    ...(tools ? { tools } : {}),
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
  return { chat, messages, conversations, model, usage };
}

const query = { conversationId: 'c1', provider: 'anthropic', model: 'm', triggerContent: 'Hi there' };

async function runToEnd(chat: ReturnType<typeof setup>['chat']) {
  const events: StreamEvent[] = [];
  const started = await chat.start(alice, query);
  await started.run((event) => events.push(event));
  return { events, messageId: started.messageId };
}

describe('the chat service', () => {
  it("refuses another user's conversation before anything is streamed", async () => {
    const { chat } = setup([]);
    await expect(chat.start({ userId: 'mallory', email: '' }, query)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("sends the conversation's system prompt and model parameters", async () => {
    const { chat, model, conversations } = setup([() => textTurn('Hi'), () => textTurn('Hi')]);
    await runToEnd(chat);
    expect(model.requests[0]).toMatchObject({ maxOutputTokens: 4096 });
    expect(model.requests[0]).not.toHaveProperty('system');
    expect(model.requests[0]).not.toHaveProperty('temperature');

    const record = conversations.records.get('alice/c1');
    if (record)
      record.settings = { systemPrompt: 'Answer in French.', temperature: 0.2, maxOutputTokens: 300 };
    await runToEnd(chat);
    expect(model.requests[1]).toMatchObject({
      system: 'Answer in French.',
      temperature: 0.2,
      maxOutputTokens: 300,
    });
  });

  it('saves the trigger message, streams the reply, saves it and ends with the metadata', async () => {
    const { chat, messages, model, usage, conversations } = setup([() => textTurn('Hello', ' world')]);
    const { events, messageId } = await runToEnd(chat);
    expect(model.requests[0]?.messages).toEqual([{ role: 'user', content: 'Hi there' }]);
    expect(events[0]).toEqual({ type: 'status', status: 'streaming', messageId });
    expect(events.at(-1)).toEqual({
      type: 'end',
      status: 'completed',
      messageId,
      provider: 'anthropic',
      model: 'm',
      timestamp: 1,
      toolCallsCount: 0,
    });
    expect(await messages.get('c1', messageId)).toMatchObject({ content: 'Hello world', status: 'complete' });
    expect(usage).toEqual([['alice', 1, { inputTokens: 10, outputTokens: 2 }]]);
    expect(conversations.records.get('alice/c1')).toMatchObject({
      lastProvider: 'anthropic',
      lastModel: 'm',
    });
  });

  it("ends with an error event and saves '**Error:** {message}' as an error message", async () => {
    const { chat, messages } = setup([
      // The provider fails before sending anything.
      () => ({
        [Symbol.asyncIterator]: () => ({
          next: () =>
            Promise.reject(
              new ProviderError('auth', 'The Anthropic API key was rejected. Check the key in Settings.'),
            ),
        }),
      }),
    ]);
    const { events, messageId } = await runToEnd(chat);
    expect(events.at(-1)).toEqual({
      type: 'error',
      message: 'The Anthropic API key was rejected. Check the key in Settings.',
    });
    expect(await messages.get('c1', messageId)).toMatchObject({
      content: '**Error:** The Anthropic API key was rejected. Check the key in Settings.',
      isError: true,
      status: 'error',
    });
  });

  it("keeps what was generated plus '[Streaming stopped]' when stopped", async () => {
    const { chat, messages } = setup([
      async function* (request): AsyncIterable<ModelStreamEvent> {
        yield { type: 'text-delta', text: 'partial' };
        await new Promise((_resolve, reject) =>
          request.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      },
    ]);
    const started = await chat.start(alice, query);
    const events: StreamEvent[] = [];
    let delivered: () => void = () => undefined;
    const partialSent = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    const running = started.run((event) => {
      events.push(event);
      if (event.type === 'message_delta') delivered();
    });
    await partialSent; // the user has seen 'partial'
    // The reply is saved while the model starts (long before a person can press stop): now they press it.
    await vi.waitFor(async () => expect(await messages.get('c1', started.messageId)).toBeDefined());
    await messages.requestStop('c1', started.messageId);
    await running;
    expect(events.at(-1)).toEqual({ type: 'status', status: 'stopped', messageId: started.messageId });
    expect(await messages.get('c1', started.messageId)).toMatchObject({
      content: `partial\n\n${STREAM_STOPPED_MARK}`,
      status: 'stopped',
    });
  });

  it("chats on without tools when the conversation's server was deleted, and detaches it", async () => {
    const gone: ToolSource = { forServer: async () => Promise.reject(new NotFoundError('Server not found')) };
    const { chat, conversations } = setup([() => textTurn('still here')], gone);
    const record = conversations.records.get('alice/c1');
    if (record) record.mcpServerId = 'deleted-server';
    const { events } = await runToEnd(chat);
    expect(events.at(-1)).toMatchObject({ type: 'end', toolCallsCount: 0 });
    expect(conversations.records.get('alice/c1')?.mcpServerId).toBeUndefined();
  });

  it("offers a server's many tools within the budget, and saves and sends which it offered", async () => {
    const definitions = Array.from({ length: 30 }, (_, i) => ({
      name: i === 7 ? 'get_weather' : `tool_${i}`,
      description: i === 7 ? 'The weather forecast for a city' : `Does thing number ${i}`,
      inputSchema: { type: 'object' },
    }));
    const many: ToolSource = {
      forServer: async () => ({
        serverId: 'srv-many',
        definitions,
        call: async () => ({ content: 'unused', isError: false }),
      }),
    };
    const { chat, model, messages } = setup([() => textTurn('Sunny')], many);
    const started = await chat.start(alice, {
      ...query,
      mcpServerId: 'srv-many',
      triggerContent: 'Weather?',
    });
    const events: StreamEvent[] = [];
    await started.run((event) => events.push(event));
    const offered = model.requests[0]?.tools?.map((tool) => tool.name) ?? [];
    expect(offered).toHaveLength(20);
    expect(offered).toEqual(expect.arrayContaining(['get_weather', 'search_tools']));
    const toolsOffered = { names: offered, total: 30, selected: true };
    expect(events.at(-1)).toMatchObject({ type: 'end', toolsOffered });
    expect(await messages.get('c1', started.messageId)).toMatchObject({ toolsOffered });
  });

  it('reports a missing server the request named explicitly', async () => {
    const gone: ToolSource = { forServer: async () => Promise.reject(new NotFoundError('Server not found')) };
    const { chat } = setup([() => textTurn('unused')], gone);
    const started = await chat.start(alice, { ...query, mcpServerId: 'nope' });
    const events: StreamEvent[] = [];
    await started.run((event) => events.push(event));
    expect(events.at(-1)).toEqual({ type: 'error', message: 'Server not found' });
  });

  it('reads alongside the access gate but writes nothing until it lets the caller in', async () => {
    const { chat, messages } = setup([() => textTurn('unused')]);
    let refuse: (error: Error) => void = () => undefined;
    const admitted = new Promise<void>((_resolve, reject) => {
      refuse = reject;
    });
    const starting = chat.start(alice, query, admitted);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the reads have had every chance to finish
    expect(messages.records.size).toBe(0);
    refuse(new Error('refused by the gate'));
    await expect(starting).rejects.toThrow('refused by the gate');
    expect(messages.records.size).toBe(0);
  });

  it('opens the model call while the gate is still answering, and aborts it when the gate refuses', async () => {
    let opened: AbortSignal | undefined;
    const { chat, model } = setup([
      (request) => {
        opened = request.signal;
        return textTurn('never shown');
      },
    ]);
    let refuse: (error: Error) => void = () => undefined;
    const admitted = new Promise<void>((_resolve, reject) => {
      refuse = reject;
    });
    const starting = chat.start(alice, query, admitted);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(model.requests).toHaveLength(1); // sent before the gate answered
    expect(opened?.aborted).toBe(false);
    refuse(new Error('refused by the gate'));
    // The stream is refused before it starts: nothing of the call can reach the caller.
    await expect(starting).rejects.toThrow('refused by the gate');
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened?.aborted).toBe(true);
  });

  it('reports a model that cannot be resolved in the stream (nothing was opened ahead, nothing left unhandled)', async () => {
    const { chat } = setup([], undefined, false, new ValidationError('No API key is stored.'));
    const events: StreamEvent[] = [];
    await (await chat.start(alice, query)).run((event) => events.push(event));
    await new Promise((resolve) => setTimeout(resolve, 10)); // an unhandled rejection would surface here
    expect(events.at(-1)).toEqual({ type: 'error', message: 'No API key is stored.' });
  });

  it("ends in an error when the user's turn cannot be saved, though its call was opened ahead", async () => {
    let opened: AbortSignal | undefined;
    const { chat, messages } = setup([
      (request) => {
        opened = request.signal;
        return textTurn('Hello');
      },
    ]);
    messages.create = async () => {
      throw new Error('The table refused the write');
    };
    const events: StreamEvent[] = [];
    const started = await chat.start(alice, query);
    await expect(started.run((event) => events.push(event))).rejects.toThrow(
      'The reply could not be created',
    );
    expect(events.at(-1)?.type).toBe('error');
    expect(opened).toBeDefined(); // it was opened ahead, and read to its end by the reply
    expect(messages.records.size).toBe(0); // nothing half-written
  });

  it("saves the turn only once the call opened ahead has sent its request (a write's work would delay it)", async () => {
    const order: string[] = [];
    const { chat, messages } = setup([
      () => {
        // As undici does: the request is written one turn of the event loop after the fetch.
        setImmediate(() => order.push('request sent'));
        return textTurn('Hello');
      },
    ]);
    const create = messages.create.bind(messages);
    messages.create = async (record) => {
      order.push(`${record.role} saved`);
      return create(record);
    };
    await (await chat.start(alice, query)).run(() => undefined);
    expect(order.slice(0, 3)).toEqual(['request sent', 'user saved', 'assistant saved']);
  });

  it("waits for the gate before a platform model's call: its reservation is a write", async () => {
    const { chat: platform, model } = setup([() => textTurn('Hello')], undefined, true);
    let admit: () => void = () => undefined;
    const admitted = new Promise<void>((resolve) => {
      admit = resolve;
    });
    const starting = platform.start(alice, query, admitted);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(model.requests).toHaveLength(0);
    admit();
    await (await starting).run(() => undefined);
    expect(model.requests).toHaveLength(1);
  });

  it('streams the call opened ahead once the gate lets the caller in, without asking the model again', async () => {
    const { chat, model } = setup([() => textTurn('Hello', ' world')]);
    let admit: () => void = () => undefined;
    const admitted = new Promise<void>((resolve) => {
      admit = resolve;
    });
    const starting = chat.start(alice, query, admitted);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(model.requests).toHaveLength(1);
    admit();
    const events: StreamEvent[] = [];
    await (await starting).run((event) => events.push(event));
    const deltas = events.flatMap((event) => (event.type === 'message_delta' ? [event.chunk] : []));
    expect(deltas).toEqual(['Hello', ' world']);
    // The reply's call was the one opened ahead (the conversation has a title: no title call).
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.messages).toEqual([{ role: 'user', content: 'Hi there' }]);
  });

  it("records the model on the conversation only after the reply's first delta", async () => {
    let touchedAtFirstDelta: unknown = 'not seen';
    const { chat, conversations } = setup([() => textTurn('Hello', ' world')]);
    const started = await chat.start(alice, query);
    await started.run((event) => {
      if (event.type === 'message_delta' && touchedAtFirstDelta === 'not seen') {
        touchedAtFirstDelta = conversations.records.get('alice/c1')?.lastModel;
      }
    });
    expect(touchedAtFirstDelta).toBeUndefined();
    expect(conversations.records.get('alice/c1')).toMatchObject({
      lastProvider: 'anthropic',
      lastModel: 'm',
    });
  });

  it('starts that write only after the first delta could leave (Node sends a write on the next tick)', async () => {
    let touchedWhenSent: unknown = 'not seen';
    const { chat, conversations } = setup([() => textTurn('Hello', ' world')]);
    const started = await chat.start(alice, query);
    await started.run((event) => {
      if (event.type !== 'message_delta' || touchedWhenSent !== 'not seen') return;
      // A response write is flushed on the next tick, once every pending microtask has run.
      process.nextTick(() => {
        touchedWhenSent = conversations.records.get('alice/c1')?.lastModel;
      });
    });
    expect(touchedWhenSent).toBeUndefined();
    expect(conversations.records.get('alice/c1')?.lastModel).toBe('m');
  });
});

describe("a new conversation's title", () => {
  const untitled = (conversations: ReturnType<typeof setup>['conversations']) => {
    const record = conversations.records.get('alice/c1');
    if (record) Object.assign(record, { title: 'New Conversation', name: 'New Conversation' });
  };

  it('is written by the model after the first reply ends, saved and sent after the end event', async () => {
    const { chat, model, conversations } = setup([
      () => textTurn('Hello', ' world'),
      () => textTurn('"Greeting', ' the world."'),
    ]);
    untitled(conversations);
    const { events } = await runToEnd(chat);
    expect(model.requests[1]).toMatchObject({ maxOutputTokens: TITLE_MAX_OUTPUT_TOKENS });
    expect(model.requests[1]?.messages).toEqual([
      { role: 'user', content: `${TITLE_REQUEST}\n\nUser: Hi there\n\nAssistant: Hello world` },
    ]);
    expect(events.map((event) => event.type).slice(-2)).toEqual(['end', 'conversation_title']);
    expect(events.at(-1)).toEqual({
      type: 'conversation_title',
      conversationId: 'c1',
      title: 'Greeting the world',
    });
    expect(conversations.records.get('alice/c1')).toMatchObject({
      title: 'Greeting the world',
      name: 'Greeting the world',
    });
  });

  it('falls back to the first message when the model gives no title (refused, failed or empty)', async () => {
    const { chat, conversations } = setup([() => textTurn('Hello')]);
    untitled(conversations);
    const { events } = await runToEnd(chat);
    expect(events.at(-1)).toEqual({ type: 'conversation_title', conversationId: 'c1', title: 'Hi there' });
    expect(conversations.records.get('alice/c1')?.title).toBe('Hi there');

    const blank = setup([() => textTurn('Hello'), () => textTurn('  ')]);
    untitled(blank.conversations);
    await runToEnd(blank.chat);
    expect(blank.conversations.records.get('alice/c1')?.title).toBe('Hi there');
  });

  it('gives way to a rename made while it was being written', async () => {
    const { chat, conversations } = setup([
      () => textTurn('Hello'),
      () => {
        const record = conversations.records.get('alice/c1');
        if (record) record.title = 'My own name';
        return textTurn('Greeting');
      },
    ]);
    untitled(conversations);
    const { events } = await runToEnd(chat);
    expect(events.at(-1)?.type).toBe('end');
    expect(conversations.records.get('alice/c1')?.title).toBe('My own name');
  });

  it('is not asked for when the conversation has a title, nor after a later reply', async () => {
    const titled = setup([() => textTurn('Hello')]);
    await runToEnd(titled.chat);
    expect(titled.model.requests).toHaveLength(1);

    const later = setup([() => textTurn('Hello'), () => textTurn('Title'), () => textTurn('Again')]);
    untitled(later.conversations);
    await runToEnd(later.chat);
    untitled(later.conversations);
    await runToEnd(later.chat);
    expect(later.model.requests).toHaveLength(3);
  });

  it("with web search on, an Anthropic chat searches with the provider's own tool even where the operator configured no search API; the pages are saved with the reply", async () => {
    const page = { url: 'https://example.com/tides', title: 'Tides' };
    const { chat, model, conversations, messages } = setup([
      async function* () {
        yield { type: 'source', source: page };
        yield { type: 'text-delta', text: 'High at noon.' };
        yield { type: 'citation', sources: [{ ...page, quote: 'noon' }] };
        yield { type: 'finish', reason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } };
      },
      () => textTurn('Hi'),
    ]);
    const record = conversations.records.get('alice/c1');
    if (record) record.settings = { webSearch: true };
    Object.assign(model.provider, { id: 'anthropic' });
    const { events, messageId } = await runToEnd(chat);
    expect(model.requests[0]).toMatchObject({ webSearch: true });
    expect(model.requests[0]?.tools).toBeUndefined();
    expect(events.at(-1)).toMatchObject({ type: 'end', sources: [{ ...page, quote: 'noon' }] });
    const saved = [...messages.records.values()].find((message) => message.messageId === messageId);
    expect(saved).toMatchObject({ content: 'High at noon. [1]', sources: [{ ...page, quote: 'noon' }] });

    // A provider without its own search, and no operator's search API: no search at all.
    Object.assign(model.provider, { id: 'custom' });
    await runToEnd(chat);
    expect(model.requests[1]).not.toHaveProperty('webSearch');
    expect(model.requests[1]?.tools).toBeUndefined();
  });
});
