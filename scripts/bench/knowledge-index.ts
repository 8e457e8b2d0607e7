import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createExtractionRunner } from '../../functions/src/adapters/knowledge/extraction-runner.js';
import { chunkSegments } from '../../functions/src/domain/knowledge/chunking.js';
import { createKeywordIndex } from '../../functions/src/domain/knowledge/keyword-index.js';

/**
 * Knowledge (docs/decisions/knowledge.md): indexing throughput in pages per second (a generated
 * PDF extracted in the bounded worker with unpdf, chunked, added to a BM25 index), and retrieval
 * quality on the labelled set in test/fixtures/knowledge/ (recall@5). Keyword only here: the
 * hybrid line needs an embedder (branch s3vectors) and says so.
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

function recall(): void {
  const set = JSON.parse(readFileSync(LABELLED, 'utf8')) as {
    passages: { id: string; text: string }[];
    queries: { query: string; answer: string }[];
  };
  const index = createKeywordIndex();
  for (const passage of set.passages) index.putFile(passage.id, [{ chunkIndex: 0, text: passage.text }]);
  const found = set.queries.filter(({ query, answer }) =>
    index.search(query, 5).some((hit) => hit.fileId === answer),
  ).length;
  console.log(
    `  recall@5, keyword only (BM25): ${found}/${set.queries.length} (${((100 * found) / set.queries.length).toFixed(0)}%)`,
  );
  console.log(
    '  recall@5, hybrid: not measured (no embedding model in this branch: plugs in with s3vectors)',
  );
}

export async function benchKnowledgeIndex(): Promise<void> {
  console.log('\nKnowledge: indexing throughput and retrieval quality');
  await throughput();
  recall();
}
