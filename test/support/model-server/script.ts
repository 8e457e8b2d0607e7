/**
 * What the model server answers, decided from the conversation alone so every provider's
 * protocol plays the same script:
 * - the last message is a tool result        -> `Tool <name> said: <result>`
 * - `[[error:<status>]]` in the last user text -> that HTTP error, in the provider's body shape
 * - `[[tool:<name> <json>]]`                  -> a call of that tool with that input
 * - `[[long:<n>]]`                            -> n word tokens
 * - `[[bytes:<n>]]`                           -> n characters of text, in 16 KB tokens
 * - otherwise                                 -> `Echo: <text without markers>`, word by word
 * - `[[slow:<ms>]]`                           -> that pause before each token (default none)
 * - `[[fail-after:<n>]]`                      -> the text breaks off after n tokens with the API's
 *                                                in-stream error (a dropped connection for Mistral)
 */
export interface Turn {
  lastUserText: string;
  /** Set when the conversation ends with a tool result. */
  toolResult?: { name: string; content: string };
}

export type Reply =
  | { kind: 'text'; tokens: string[]; delayMs: number; failAfter?: number }
  | { kind: 'tool'; name: string; input: Record<string, unknown>; delayMs: number }
  | { kind: 'error'; status: number };

const MARKER = /\[\[([\w-]+):(.*?)\]\]/gs;

export function planReply(turn: Turn): Reply {
  const markers = new Map<string, string>();
  for (const [, name, value] of turn.lastUserText.matchAll(MARKER)) markers.set(name ?? '', value ?? '');
  const delayMs = Number(markers.get('slow') ?? 0);

  if (turn.toolResult) {
    return {
      kind: 'text',
      tokens: words(`Tool ${turn.toolResult.name} said: ${turn.toolResult.content}`),
      delayMs,
    };
  }
  const error = markers.get('error');
  if (error) return { kind: 'error', status: Number(error) };
  const tool = markers.get('tool')?.match(/^\s*([\w.-]+)\s*(.*)$/s);
  if (tool) {
    return { kind: 'tool', name: tool[1] ?? '', input: JSON.parse(tool[2] || '{}'), delayMs };
  }
  const size = Number(markers.get('bytes') ?? 0);
  if (size) {
    const chunk = 16 * 1024;
    const tokens = Array.from({ length: Math.ceil(size / chunk) }, (_, i) =>
      'x'.repeat(Math.min(chunk, size - i * chunk)),
    );
    return { kind: 'text', tokens, delayMs };
  }
  const long = markers.get('long');
  if (long) {
    return {
      kind: 'text',
      tokens: words(Array.from({ length: Number(long) }, (_, i) => `w${i + 1}`).join(' ')),
      delayMs,
    };
  }
  const text = turn.lastUserText.replace(MARKER, '').replace(/\s+/g, ' ').trim();
  const failAfter = markers.has('fail-after') ? Number(markers.get('fail-after')) : undefined;
  return {
    kind: 'text',
    tokens: words(`Echo: ${text}`),
    delayMs,
    ...(failAfter !== undefined && { failAfter }),
  };
}

/** `a b c` -> [`a`, ` b`, ` c`]: joined back they are the text. */
export function words(text: string): string[] {
  return text.split(/(?= )/);
}

/** A stable stand-in for the prompt's token count. */
export function countPromptTokens(body: unknown): number {
  return Math.ceil(JSON.stringify(body ?? '').length / 4);
}

/** The JSON of a tool input cut in a few pieces, as the APIs stream it. */
export function jsonPieces(input: unknown): string[] {
  const json = JSON.stringify(input);
  const size = Math.max(1, Math.ceil(json.length / 3));
  return Array.from({ length: Math.ceil(json.length / size) }, (_, i) =>
    json.slice(i * size, (i + 1) * size),
  );
}
