import { describe, expect, it } from 'vitest';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import type { ModelRequest, ModelStreamEvent } from '../models/model-provider.js';
import { openFirstCall } from './first-call.js';

const request = { model: 'm', messages: [{ role: 'user' as const, content: 'Hi' }], maxOutputTokens: 100 };

async function read(stream: AsyncIterable<ModelStreamEvent>): Promise<string[]> {
  const texts: string[] = [];
  for await (const event of stream) if (event.type === 'text-delta') texts.push(event.text);
  return texts;
}

/** A turn that records the signal it was sent with and then waits for it (a model yet to answer). */
function waitingTurn(signals: AbortSignal[]) {
  return (call: ModelRequest) => {
    if (call.signal) signals.push(call.signal);
    return (async function* () {
      await new Promise((resolve) => call.signal?.addEventListener('abort', resolve));
      yield* textTurn('late');
    })();
  };
}

describe('a first model call opened ahead', () => {
  it('is sent at once and handed to the first call with the same request', async () => {
    const model = scriptedModel([() => textTurn('Hello', ' world')]);
    const call = openFirstCall(model.provider, request);
    expect(model.requests).toHaveLength(1);
    expect(await read(call.provider.stream({ ...request, signal: new AbortController().signal }))).toEqual([
      'Hello',
      ' world',
    ]);
    expect(model.requests).toHaveLength(1);
  });

  it('is aborted by cancel, and cancel does nothing once the reply has it', async () => {
    const signals: AbortSignal[] = [];
    const model = scriptedModel([waitingTurn(signals)]);
    const call = openFirstCall(model.provider, request);
    call.cancel(new Error('refused'));
    expect(signals[0]?.aborted).toBe(true);

    const second = scriptedModel([() => textTurn('kept')]);
    const taken = openFirstCall(second.provider, request);
    const stream = taken.provider.stream(request);
    taken.cancel();
    expect(await read(stream)).toEqual(['kept']);
  });

  it("follows the reply's own signal (a stop before the model answered)", async () => {
    const signals: AbortSignal[] = [];
    const model = scriptedModel([waitingTurn(signals)]);
    const call = openFirstCall(model.provider, request);
    const stop = new AbortController();
    const reading = read(call.provider.stream({ ...request, signal: stop.signal }));
    stop.abort(new Error('stopped'));
    expect(signals[0]?.aborted).toBe(true);
    await reading;
  });

  it('is aborted, and the request sent anew, when the reply asks for something else', async () => {
    const signals: AbortSignal[] = [];
    const model = scriptedModel([waitingTurn(signals), () => textTurn('fresh'), () => textTurn('round 2')]);
    const call = openFirstCall(model.provider, request);
    const other = { ...request, system: 'Be brief.' };
    expect(await read(call.provider.stream(other))).toEqual(['fresh']);
    expect(signals[0]?.aborted).toBe(true);
    expect(model.requests[1]).toMatchObject({ system: 'Be brief.' });
    // A later call (a tool round) goes to the model too.
    expect(await read(call.provider.stream(request))).toEqual(['round 2']);
  });

  it("passes the model's failure to the call that takes it over", async () => {
    const model = scriptedModel([
      () => ({
        [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('key rejected')) }),
      }),
    ]);
    const call = openFirstCall(model.provider, request);
    await expect(read(call.provider.stream(request))).rejects.toThrow('key rejected');
  });
});
