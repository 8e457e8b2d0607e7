/** `values` scaled to unit length, as a Float32Array; checks the model gave the dimension it should. */
export function unitVector(values: ArrayLike<number>, dimension: number, modelId: string): Float32Array {
  if (values.length !== dimension) {
    throw new Error(`${modelId} returned ${values.length} dimensions, expected ${dimension}`);
  }
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] as number) * (values[i] as number);
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0)
    throw new Error(`${modelId} returned a zero or non-finite vector`);
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = (values[i] as number) / norm;
  return out;
}

/** Consecutive batches of at most `maxItems` texts and `maxChars` characters (a longer text alone). */
export function batches(
  texts: readonly string[],
  maxItems: number,
  maxChars = Number.POSITIVE_INFINITY,
): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    if (current.length > 0 && (current.length >= maxItems || chars + text.length > maxChars)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}
