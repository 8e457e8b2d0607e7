/**
 * What the model server answers, decided from the conversation alone so every provider's
 * protocol plays the same script:
 * - a conversation title request (TITLE_REQUEST) -> the first six words of the user turn it
 *                                             quotes, markers left out (before anything below)
 * - the request forces a tool (names it, or requires a tool call and offers only that one)
 *                                             -> a call of that tool, whatever else is below
 *   (but `[[error]]` and `[[slow]]` apply), with the input:
 *   - `create_plan`: the object of `[[plan:<json>]]` in the last user text, else a default plan
 *     shaped by the tool's declared input schema (see defaultPlan); its agent steps keep the
 *     goal's other markers, so `[[slow]]` or `[[long]]` in a goal script how its steps run
 *   - `revise_plan`: the object of `[[replan:<json>]]`, else `{ "done": false }` (keep the steps)
 *   - any other tool: `{}`
 * - the last message is a `search_tools` result and `[[found:<json>]]` is in the last user text
 *                                             -> a call of the first tool the search enabled, with
 *                                                that input (tool selection: search, then use)
 * - the last message is a tool result        -> the next `[[tool:…]]` of the last user text not yet
 *                                                called (OpenAI's protocol counts the results),
 *                                                else `Tool <name> said: <result>`
 * - `[[error:<status>]]` in the last user text -> that HTTP error, in the provider's body shape
 * - `[[tool:<name> <json>]]`                  -> a call of that tool with that input
 * - `[[long:<n>]]`                            -> n word tokens
 * - `[[reply:<JSON string>]]`                 -> that text as it is (lines and fences kept), word by word
 * - `[[bytes:<n>]]`                           -> n characters of text, in 16 KB tokens
 * - otherwise                                 -> `Echo: <text without markers>`, word by word
 * - `[[slow:<ms>]]`                           -> that pause before each token (default none)
 * - `[[fail-after:<n>]]`                      -> the text breaks off after n tokens with the API's
 *                                                in-stream error (a dropped connection for Mistral)
 * - `[[fail-with:<status>]]`                   -> Bedrock's in-stream error of that status: 429
 *                                                throttlingException, 500 internalServerException
 *                                                (default serviceUnavailableException)
 * Bedrock's text replies stop at the request's `inferenceConfig.maxTokens` (stop reason
 * `max_tokens`), a word token counting one, as the limits' output cap expects of a provider.
 * A marker ends at the first `]]`: JSON inside one must not contain `]]` (write `] ]` for an
 * array closing inside an array).
 */
import { TITLE_REQUEST } from '../../../functions/src/domain/chat/auto-title.js';

export interface Turn {
  lastUserText: string;
  /** Set when the conversation ends with a tool result. */
  toolResult?: { name: string; content: string };
  /** The tool results since the last user text (absent: one, when `toolResult` is set). */
  toolResults?: number;
  /** Set when the request forces a call of one tool. */
  forcedTool?: DeclaredTool;
}

/** A tool as the request declared it: its name and the JSON schema of its input. */
export interface DeclaredTool {
  name: string;
  inputSchema: Record<string, unknown>;
}

export type Reply =
  | { kind: 'text'; tokens: string[]; delayMs: number; failAfter?: number; failWith?: number }
  | { kind: 'tool'; name: string; input: Record<string, unknown>; delayMs: number }
  | { kind: 'error'; status: number };

const MARKER = /\[\[([\w-]+):(.*?)\]\]/gs;

export function planReply(turn: Turn): Reply {
  if (turn.lastUserText.startsWith(TITLE_REQUEST)) return { kind: 'text', tokens: titleOf(turn), delayMs: 0 };
  const markers = new Map<string, string>();
  for (const [, name, value] of turn.lastUserText.matchAll(MARKER)) markers.set(name ?? '', value ?? '');
  const delayMs = Number(markers.get('slow') ?? 0);

  if (turn.forcedTool) {
    const error = markers.get('error');
    if (error) return { kind: 'error', status: Number(error) };
    const { name } = turn.forcedTool;
    return {
      kind: 'tool',
      name,
      input: forcedInput(turn.forcedTool, markers, goalOf(turn), taskOf(turn)),
      delayMs,
    };
  }
  const found = markers.get('found');
  if (turn.toolResult?.name === 'search_tools' && found) {
    const enabled = (JSON.parse(turn.toolResult.content) as { enabled: { name: string }[] }).enabled;
    return { kind: 'tool', name: enabled[0]?.name ?? '?', input: JSON.parse(found), delayMs };
  }
  const calls = [...turn.lastUserText.matchAll(MARKER)]
    .filter(([, name]) => name === 'tool')
    .map(([, , value]) => (value ?? '').match(/^\s*([\w.-]+)\s*(.*)$/s));
  const next = calls[turn.toolResult ? (turn.toolResults ?? 1) : 0];
  if (turn.toolResult && next) {
    return { kind: 'tool', name: next[1] ?? '', input: JSON.parse(next[2] || '{}'), delayMs };
  }
  if (turn.toolResult) {
    return {
      kind: 'text',
      tokens: words(`Tool ${turn.toolResult.name} said: ${turn.toolResult.content}`),
      delayMs,
    };
  }
  const error = markers.get('error');
  if (error) return { kind: 'error', status: Number(error) };
  if (next) {
    return { kind: 'tool', name: next[1] ?? '', input: JSON.parse(next[2] || '{}'), delayMs };
  }
  const size = Number(markers.get('bytes') ?? 0);
  if (size) {
    const chunk = 16 * 1024;
    const tokens = Array.from({ length: Math.ceil(size / chunk) }, (_, i) =>
      'x'.repeat(Math.min(chunk, size - i * chunk)),
    );
    return { kind: 'text', tokens, delayMs };
  }
  const scripted = markers.get('reply');
  if (scripted) return { kind: 'text', tokens: words(JSON.parse(scripted) as string), delayMs };
  const long = markers.get('long');
  if (long) {
    return {
      kind: 'text',
      tokens: words(Array.from({ length: Number(long) }, (_, i) => `w${i + 1}`).join(' ')),
      delayMs,
    };
  }
  const text = goalOf(turn);
  const failAfter = markers.has('fail-after') ? Number(markers.get('fail-after')) : undefined;
  const failWith = markers.has('fail-with') ? Number(markers.get('fail-with')) : undefined;
  return {
    kind: 'text',
    tokens: words(`Echo: ${text}`),
    delayMs,
    ...(failAfter !== undefined && { failAfter }),
    ...(failWith !== undefined && { failWith }),
  };
}

/**
 * The tool a request forces, from its tool choice: a name, or `any` (some tool call is required:
 * forced when only one tool is offered, which is how @ai-sdk/mistral forces one). A string when
 * the named tool is not declared: the message of the API's 400.
 */
export function forcedTool(
  tools: DeclaredTool[],
  choice: { name: string } | 'any' | undefined,
): DeclaredTool | string | undefined {
  if (choice === 'any') return tools.length === 1 ? tools[0] : undefined;
  if (!choice) return undefined;
  return (
    tools.find((tool) => tool.name === choice.name) ??
    `The tool choice names '${choice.name}', which is not among the declared tools.`
  );
}

/** The title request's answer: the quoted user turn's first six words (`User: <text>`). */
function titleOf(turn: Turn): string[] {
  const quoted = turn.lastUserText.match(/^User: (.*)$/m)?.[1] ?? '';
  const title = quoted.replace(MARKER, '').trim().split(/\s+/).slice(0, 6).join(' ');
  return words(title || 'Untitled');
}

/** The last user text without its markers, whitespace collapsed. */
function goalOf(turn: Turn): string {
  return turn.lastUserText.replace(MARKER, '').replace(/\s+/g, ' ').trim();
}

/**
 * The last user text without its plan markers: the default plan's agent steps carry the other
 * markers into their descriptions, so a goal can script how its steps run (slow, long, a tool).
 */
function taskOf(turn: Turn): string {
  return turn.lastUserText
    .replace(MARKER, (marker, name: string) => (name === 'plan' || name === 'replan' ? '' : marker))
    .replace(/\s+/g, ' ')
    .trim();
}

function forcedInput(
  tool: DeclaredTool,
  markers: Map<string, string>,
  goal: string,
  task: string,
): Record<string, unknown> {
  if (tool.name === 'create_plan') {
    const plan = markers.get('plan');
    return plan ? JSON.parse(plan) : defaultPlan(tool.inputSchema, goal, task);
  }
  if (tool.name === 'revise_plan') {
    const revision = markers.get('replan');
    return revision ? JSON.parse(revision) : { done: false };
  }
  return {};
}

/**
 * A plan for the mode the planner's schema reveals, from the properties of `steps.items`:
 * `tool` (MCP Server: one call of `echo`, or of the first tool the enum offers), `role` (Multi
 * Agent: two independent specialist steps), else two plain steps (Single and Generic Agent).
 */
function defaultPlan(schema: Record<string, unknown>, goal: string, task: string): Record<string, unknown> {
  const step = (schema as { properties?: { steps?: { items?: { properties?: Record<string, unknown> } } } })
    .properties?.steps?.items?.properties;
  if (step && 'tool' in step) {
    const names = (step.tool as { enum?: unknown[] } | undefined)?.enum ?? [];
    const tool = names.length === 0 || names.includes('echo') ? 'echo' : String(names[0]);
    return {
      steps: [{ description: `Call ${tool}`, tool, arguments: tool === 'echo' ? { message: goal } : {} }],
    };
  }
  if (step && 'role' in step) {
    const tools = 'tools' in step ? { tools: [] } : {};
    return {
      steps: [
        {
          id: 's1',
          description: `Research: ${task}`,
          role: 'researcher',
          instructions: 'Find the facts.',
          dependsOn: [],
          ...tools,
        },
        {
          id: 's2',
          description: `Draft: ${task}`,
          role: 'writer',
          instructions: 'Write it up.',
          dependsOn: [],
          ...tools,
        },
      ],
    };
  }
  return { steps: [{ description: `Understand: ${task}` }, { description: `Answer: ${task}` }] };
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
