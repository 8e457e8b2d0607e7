import { isDeepStrictEqual } from 'node:util';
import type { ModelProvider, ModelRequest, ModelStreamEvent } from '../models/model-provider.js';

/** A model call opened ahead of the reply (openFirstCall). */
export interface FirstCall {
  /** The provider whose first call with the opened request takes the call already under way. */
  provider: ModelProvider;
  /** Aborts the call unless the reply has taken it (a check refused the stream, or it failed). */
  cancel(reason?: unknown): void;
}

/**
 * Opens a reply's first model call at once, while the stream's remaining checks (the access gate)
 * are still answering: the request is sent now and its events wait, unread, until the reply runs,
 * so the model's own time to first token overlaps the checks. Nothing of it reaches the caller
 * before the reply asks for it; `cancel` aborts the request (a check refused).
 *
 * The returned provider hands the call over to the first `stream` whose request is the one opened
 * (the reply's signal then aborts it too); any other request, or a later call (a tool round), goes
 * to `provider` as usual, and a call not taken by then is aborted: a reply whose request came out
 * different only loses the head start.
 */
export function openFirstCall(provider: ModelProvider, request: Omit<ModelRequest, 'signal'>): FirstCall {
  const controller = new AbortController();
  const iterator = provider.stream({ ...request, signal: controller.signal })[Symbol.asyncIterator]();
  const first = iterator.next();
  first.catch(() => undefined); // read (and reported) by the call that takes it over, or dropped by cancel
  let settled = false;
  const cancel = (reason?: unknown) => {
    if (settled) return;
    settled = true;
    controller.abort(reason);
    iterator.return?.(undefined).catch(() => undefined);
  };
  return {
    cancel,
    provider: {
      id: provider.id,
      listModels: () => provider.listModels(),
      validate: () => provider.validate(),
      stream(call) {
        const { signal, ...asked } = call;
        if (settled || !isDeepStrictEqual(asked, request)) {
          cancel();
          return provider.stream(call);
        }
        settled = true;
        if (signal?.aborted) controller.abort(signal.reason);
        signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
        return handOver(first, iterator);
      },
    },
  };
}

async function* handOver(
  first: Promise<IteratorResult<ModelStreamEvent>>,
  iterator: AsyncIterator<ModelStreamEvent>,
): AsyncGenerator<ModelStreamEvent> {
  try {
    for (let next = await first; !next.done; next = await iterator.next()) yield next.value;
  } finally {
    await iterator.return?.(undefined);
  }
}
