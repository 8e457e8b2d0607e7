import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { createEmbedder } from '../../functions/src/adapters/embeddings/index.js';
import { createExtractionRunner } from '../../functions/src/adapters/knowledge/extraction-runner.js';
import { chunkSegments } from '../../functions/src/domain/knowledge/chunking.js';
import { createKeywordIndex } from '../../functions/src/domain/knowledge/keyword-index.js';
import { reciprocalRankFusion } from '../../functions/src/domain/knowledge/rank-fusion.js';
import { startModelServer } from '../../test/support/model-server/index.js';
import { recallAt } from './knowledge-vectors.js';

/**
 * Knowledge (docs/decisions/knowledge.md): indexing throughput in pages per second (a generated
 * PDF extracted in the bounded worker with unpdf, chunked, added to a BM25 index), and retrieval
 * quality on the labelled set in test/fixtures/knowledge/ (recall@5), keyword only (BM25) and
 * hybrid (BM25 and the nearest vectors fused by reciprocal rank, as search does). The vectors come
 * from the platform's Titan embedder through the test model server, whose embeddings are hashed
 * words and trigrams: the hybrid line measures the pipeline and shared word forms, not a real model.
 */
const PAGES = 200;
const LABELLED = join(import.meta.dirname, '../../test/fixtures/knowledge/labelled.json');
const WORKER = new URL('../../functions/src/adapters/knowledge/extract-worker-local.mjs', import.meta.url);

/** A PDF of `pages` pages, each a paragraph of prose in lines (pdf.js rebuilds the cross-reference table). */
function pdfOf(pages: number): Uint8Array {
  const line = 'The quarterly report covers revenue, costs, hiring and the roadmap for the next release.';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const kids: string[] = [];
  for (let page = 0; page < pages; page++) {
    const id = objects.length + 1;
    kids.push(`${id} 0 R`);
    const text = Array.from({ length: 30 }, (_, i) => `(${line} ${page}.${i}) Tj T*`).join(' ');
    const stream = `BT /F1 10 Tf 14 TL 40 760 Td ${text} ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  const body = objects.map((object, i) => `${i + 1} 0 obj\n${object}\nendobj\n`).join('');
  return new TextEncoder().encode(
    `%PDF-1.4\n${body}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\n%%EOF\n`,
  );
}

async function throughput(): Promise<void> {
  const extract = createExtractionRunner({ workerUrl: WORKER });
  const pdf = pdfOf(PAGES);
  const started = performance.now();
  const result = await extract(pdf, 'application/pdf');
  if (!result.ok) throw new Error(`extraction failed: ${result.reason}`);
  const extracted = performance.now();
  const chunks = chunkSegments(result.segments);
  const index = createKeywordIndex();
  index.putFile('bench', chunks);
  const serialized = index.serialize();
  const done = performance.now();
  const seconds = (done - started) / 1000;
  console.log(
    `  ${PAGES}-page PDF: ${(PAGES / seconds).toFixed(0)} pages/s (${seconds.toFixed(2)} s: extraction ${((extracted - started) / 1000).toFixed(2)} s in the worker, chunking and BM25 ${((done - extracted) / 1000).toFixed(2)} s); ${chunks.length} chunks, index ${(serialized.length / 1024).toFixed(0)} KB`,
  );
}

/** Recall@5 over the labelled set: keyword only, and hybrid with the local Titan embedder. */
async function recall(): Promise<void> {
  const set = JSON.parse(readFileSync(LABELLED, 'utf8')) as {
    passages: { id: string; text: string }[];
    queries: { query: string; answer: string; reworded?: boolean }[];
  };
  const index = createKeywordIndex();
  for (const passage of set.passages) index.putFile(passage.id, [{ chunkIndex: 0, text: passage.text }]);
  const models = await startModelServer();
  try {
    const embedder = createEmbedder(
      { provider: 'bedrock' },
      {
        fetch,
        bedrock: async () =>
          new BedrockRuntimeClient({
            region: 'us-east-1',
            endpoint: models.url,
            credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
          }),
      },
    );
    if (!embedder) throw new Error('No Bedrock embedder');
    const passageVectors = await embedder.embed(
      set.passages.map((p) => p.text),
      'document',
    );
    const queryVectors = await embedder.embed(
      set.queries.map((q) => q.query),
      'query',
    );
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);
    const rows = set.queries.map(({ query, answer, reworded }, i) => {
      const keyword = index.search(query, 15).map((hit) => hit.fileId);
      const vector = set.passages
        .map((p, j) => ({
          id: p.id,
          score: dot(queryVectors[i] as Float32Array, passageVectors[j] as Float32Array),
        }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 15)
        .map((hit) => hit.id);
      const hybrid = reciprocalRankFusion(
        [
          { name: 'keyword', items: keyword },
          { name: 'vector', items: vector },
        ],
        (id) => id,
      ).map((hit) => hit.item);
      return {
        keyword: { ranked: keyword, relevant: answer },
        hybrid: { ranked: hybrid, relevant: answer },
        reworded,
      };
    });
    const line = (label: string, subset: typeof rows) => {
      const pct = (mode: 'keyword' | 'hybrid') =>
        `${(
          100 *
            recallAt(
              5,
              subset.map((row) => row[mode]),
            )
        ).toFixed(0)}%`;
      console.log(
        `  recall@5, ${label} (${subset.length} queries): keyword only ${pct('keyword')}, hybrid ${pct('hybrid')}`,
      );
    };
    line('all', rows);
    line(
      'worded as the passage',
      rows.filter((row) => !row.reworded),
    );
    line(
      'reworded (no word of the passage)',
      rows.filter((row) => row.reworded),
    );
  } finally {
    await models.stop();
  }
}

export async function benchKnowledgeIndex(): Promise<void> {
  console.log('\nKnowledge: indexing throughput and retrieval quality');
  await throughput();
  await recall();
}
