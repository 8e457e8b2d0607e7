/**
 * Knowledge (issue 33): the two ports the knowledge service searches through. Their
 * implementations are adapters: Amazon S3 Vectors (the local stand-in speaks its API) and the
 * providers' embedding models through the AI SDK.
 */

/** A chunk's vector and the metadata a query filters on and returns. */
export interface ChunkVector {
  /** The chunk's key, unique in the index: `<collectionId>#<fileId>#<chunkIndex>`. */
  key: string;
  vector: Float32Array | number[];
  /** Filterable: the partition owning it (user id or `team#<id>`), its collection and file. */
  metadata: { ownerId: string; collectionId: string; fileId: string; chunkIndex: number };
}

export interface VectorMatch {
  key: string;
  /** Cosine distance (0 = same direction); smaller is nearer. */
  distance: number;
  metadata: ChunkVector['metadata'];
}

/** One vector index per embedding model (its dimension), shared by every collection using it. */
export interface VectorIndex {
  /** Creates the index for this model on first use (idempotent). */
  ensureIndex(indexName: string, dimension: number): Promise<void>;
  /** Upserts in batches within the service's per-call limit. */
  put(indexName: string, vectors: readonly ChunkVector[]): Promise<void>;
  /** The nearest chunks among the given collections of one owner. */
  query(
    indexName: string,
    vector: Float32Array | number[],
    filter: { ownerId: string; collectionIds: readonly string[] },
    topK: number,
  ): Promise<VectorMatch[]>;
  /** Deletes these keys (a file's or a collection's chunks; the caller knows the keys). */
  delete(indexName: string, keys: readonly string[]): Promise<void>;
}

/** An embedding model the caller may use (their key, their team's, or the platform's). */
export interface Embedder {
  /** Stable id of provider and model, e.g. `bedrock:amazon.titan-embed-text-v2:0`; names the index. */
  readonly modelId: string;
  readonly dimension: number;
  /** Unit-length vectors, one per text, in order; batches within the provider's limits. */
  embed(texts: readonly string[], purpose: 'document' | 'query'): Promise<Float32Array[]>;
}
