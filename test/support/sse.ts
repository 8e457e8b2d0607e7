import { decodeStreamFrame, type StreamEvent, splitSseFrames } from '@agentforge/shared';

export interface ReceivedEvent {
  event: StreamEvent;
  /** ms since the request was sent. */
  at: number;
}

/** Opens the stream route and yields its events as they arrive, with arrival times. */
export async function* readStream(
  url: string,
  idToken: string,
  signal?: AbortSignal,
): AsyncGenerator<ReceivedEvent> {
  const start = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${idToken}` }, signal });
  if (!response.ok || !response.body) {
    throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  }
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    const { frames, rest } = splitSseFrames(buffer);
    buffer = rest;
    for (const frame of frames) {
      const event = decodeStreamFrame(frame);
      if (event) yield { event, at: performance.now() - start };
    }
  }
}

export async function collect(stream: AsyncGenerator<ReceivedEvent>): Promise<ReceivedEvent[]> {
  const events: ReceivedEvent[] = [];
  for await (const received of stream) events.push(received);
  return events;
}
