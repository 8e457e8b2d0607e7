import { appendFileSync, createReadStream, existsSync, renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Metadata, MetadataFilter } from './metadata.js';

export type DistanceMetric = 'cosine' | 'euclidean';

export interface StoredVector {
  key: string;
  data: Float32Array;
  metadata: Metadata;
}

export interface Match {
  key: string;
  distance: number;
  metadata: Metadata;
}

/** One line of an index's log: an upsert (data as little-endian float32, base64) or deletions. */
type LogLine = { put: string; data: string; metadata: Metadata } | { delete: string[] };

const toBase64 = (data: Float32Array) =>
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
function fromBase64(text: string): Float32Array {
  const buffer = Buffer.from(text, 'base64');
  return new Float32Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length));
}

/**
 * One vector index in memory: every vector in one Float32Array (slot i at i * dimension), its
 * norm beside it, keys and metadata by slot; a deletion moves the last slot into the hole. Queries
 * are brute force over the filtered slots, a tight loop over the array. Every change is appended
 * to the index's log file first, which is replayed on start.
 */
export class VectorIndexData {
  private data: Float32Array;
  private norms: Float32Array;
  private keys: string[] = [];
  private metadata: Metadata[] = [];
  private readonly slots = new Map<string, number>();

  constructor(
    readonly dimension: number,
    readonly metric: DistanceMetric,
    private readonly logFile: string,
  ) {
    this.data = new Float32Array(dimension * 64);
    this.norms = new Float32Array(64);
  }

  get size(): number {
    return this.keys.length;
  }

  /** Replays the log (on start); one mostly made of replaced or deleted vectors is written anew. */
  async load(): Promise<void> {
    if (!existsSync(this.logFile)) return;
    const lines = createInterface({ input: createReadStream(this.logFile), crlfDelay: Infinity });
    let entries = 0;
    for await (const line of lines) {
      if (!line) continue;
      entries++;
      const entry = JSON.parse(line) as LogLine;
      if ('put' in entry) this.set(entry.put, fromBase64(entry.data), entry.metadata);
      else for (const key of entry.delete) this.remove(key);
    }
    if (entries > 2 * this.size + 100) this.compact();
  }

  /** Rewrites the log as one line per live vector (a new file renamed over the old one). */
  private compact(): void {
    const lines = this.keys.map((key, slot) =>
      JSON.stringify({
        put: key,
        data: toBase64(this.data.subarray(slot * this.dimension, (slot + 1) * this.dimension)),
        metadata: this.metadata[slot],
      }),
    );
    writeFileSync(`${this.logFile}.tmp`, lines.length ? `${lines.join('\n')}\n` : '');
    renameSync(`${this.logFile}.tmp`, this.logFile);
  }

  put(vectors: readonly StoredVector[]): void {
    const lines = vectors.map((v) =>
      JSON.stringify({ put: v.key, data: toBase64(v.data), metadata: v.metadata }),
    );
    appendFileSync(this.logFile, `${lines.join('\n')}\n`);
    for (const v of vectors) this.set(v.key, v.data, v.metadata);
  }

  delete(keys: readonly string[]): void {
    appendFileSync(this.logFile, `${JSON.stringify({ delete: keys })}\n`);
    for (const key of keys) this.remove(key);
  }

  get(key: string, withData: boolean): { key: string; data?: Float32Array; metadata: Metadata } | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    return {
      key,
      metadata: this.metadata[slot] as Metadata,
      ...(withData ? { data: this.data.slice(slot * this.dimension, (slot + 1) * this.dimension) } : {}),
    };
  }

  allKeys(): string[] {
    return [...this.keys];
  }

  /** The topK nearest vectors passing `filter`, nearest first. */
  query(vector: Float32Array, topK: number, filter?: MetadataFilter): Match[] {
    const dim = this.dimension;
    const data = this.data;
    const cosine = this.metric === 'cosine';
    let queryNorm = 0;
    for (let i = 0; i < dim; i++) queryNorm += (vector[i] as number) * (vector[i] as number);
    queryNorm = Math.sqrt(queryNorm);
    // The best so far, sorted by distance (topK is at most 100: insertion is cheap).
    const bestSlots: number[] = [];
    const bestDistances: number[] = [];
    for (let slot = 0; slot < this.keys.length; slot++) {
      if (filter && !filter(this.metadata[slot] as Metadata)) continue;
      const base = slot * dim;
      let distance: number;
      if (cosine) {
        // Four sums at once: independent additions the CPU overlaps (about a third faster here).
        let d0 = 0;
        let d1 = 0;
        let d2 = 0;
        let d3 = 0;
        let i = 0;
        for (; i + 3 < dim; i += 4) {
          const at = base + i;
          d0 += (vector[i] as number) * (data[at] as number);
          d1 += (vector[i + 1] as number) * (data[at + 1] as number);
          d2 += (vector[i + 2] as number) * (data[at + 2] as number);
          d3 += (vector[i + 3] as number) * (data[at + 3] as number);
        }
        for (; i < dim; i++) d0 += (vector[i] as number) * (data[base + i] as number);
        distance = 1 - (d0 + d1 + d2 + d3) / (queryNorm * (this.norms[slot] as number));
      } else {
        let sum = 0;
        for (let i = 0; i < dim; i++) {
          const d = (vector[i] as number) - (data[base + i] as number);
          sum += d * d;
        }
        distance = Math.sqrt(sum);
      }
      if (bestSlots.length === topK && distance >= (bestDistances[topK - 1] as number)) continue;
      let at = bestDistances.length;
      while (at > 0 && (bestDistances[at - 1] as number) > distance) at--;
      bestSlots.splice(at, 0, slot);
      bestDistances.splice(at, 0, distance);
      if (bestSlots.length > topK) {
        bestSlots.pop();
        bestDistances.pop();
      }
    }
    return bestSlots.map((slot, i) => ({
      key: this.keys[slot] as string,
      distance: bestDistances[i] as number,
      metadata: this.metadata[slot] as Metadata,
    }));
  }

  private set(key: string, values: Float32Array, metadata: Metadata): void {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.keys.length;
      this.grow(slot + 1);
      this.keys.push(key);
      this.metadata.push(metadata);
      this.slots.set(key, slot);
    } else {
      this.metadata[slot] = metadata;
    }
    this.data.set(values, slot * this.dimension);
    let norm = 0;
    for (const value of values) norm += value * value;
    this.norms[slot] = Math.sqrt(norm);
  }

  private remove(key: string): void {
    const slot = this.slots.get(key);
    if (slot === undefined) return;
    const last = this.keys.length - 1;
    if (slot !== last) {
      const lastKey = this.keys[last] as string;
      this.data.copyWithin(slot * this.dimension, last * this.dimension, (last + 1) * this.dimension);
      this.norms[slot] = this.norms[last] as number;
      this.keys[slot] = lastKey;
      this.metadata[slot] = this.metadata[last] as Metadata;
      this.slots.set(lastKey, slot);
    }
    this.keys.pop();
    this.metadata.pop();
    this.slots.delete(key);
  }

  private grow(count: number): void {
    if (count <= this.norms.length) return;
    const capacity = Math.max(count, this.norms.length * 2);
    const data = new Float32Array(capacity * this.dimension);
    data.set(this.data);
    const norms = new Float32Array(capacity);
    norms.set(this.norms);
    this.data = data;
    this.norms = norms;
  }
}
