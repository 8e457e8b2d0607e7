/**
 * `value` with `phrase` put in place of the selection `start`..`end`, spaced from the words around
 * it; `caret` is just after the phrase.
 */
export function insertAtCaret(
  value: string,
  start: number,
  end: number,
  phrase: string,
): { value: string; caret: number } {
  const before = value.slice(0, start);
  const after = value.slice(end);
  const lead = before && !/\s$/.test(before) ? ' ' : '';
  const trail = after && !/^[\s.,;:!?)\]]/.test(after) ? ' ' : '';
  return {
    value: `${before}${lead}${phrase}${trail}${after}`,
    caret: before.length + lead.length + phrase.length,
  };
}
