import { createDeflate, createDeflateRaw, deflateRawSync, deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createExtractionRunner } from './extraction-runner.js';

/**
 * The extraction worker for real (a worker thread running extract-worker.ts through tsx), on files
 * made here: Markdown and HTML sections, a DOCX, a PDF with pages, and the files that must fail
 * cleanly: a zip bomb, a password-protected document, one that outlives the time limit.
 */
const workerUrl = new URL('./extract-worker-local.mjs', import.meta.url);
const extract = createExtractionRunner({ workerUrl });
const utf8 = (text: string) => new TextEncoder().encode(text);

async function docx(documentXml: string): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file('word/document.xml', documentXml);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const paragraph = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t>${text}</w:t></w:r></w:p>`;

/** A two-page PDF with one line of text on each (pdf.js rebuilds the cross-reference table). */
function pdf(pages: readonly string[]): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...pages.flatMap((text, i) => {
      const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
        `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
      ];
    }),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return utf8(body);
}

/** `megabytes` of zeros through a streaming deflate (a bomb's payload, never whole in memory here). */
async function deflatedZeros(megabytes: number, raw = false): Promise<Buffer> {
  const deflate = raw ? createDeflateRaw({ level: 1 }) : createDeflate({ level: 1 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(parts);
}

/** A one-page PDF whose content stream is `payload` deflated twice (`[/FlateDecode /FlateDecode]`). */
function pdfBomb(once: Buffer): Uint8Array {
  const twice = deflateSync(once);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const head = objects.map((object, i) => `${i + 1} 0 obj\n${object}\nendobj\n`).join('');
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.4\n${head}4 0 obj\n<< /Length ${twice.length} /Filter [/FlateDecode /FlateDecode] >>\nstream\n`,
    ),
    twice,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  ]);
}

/**
 * A DOCX whose zip directory lies: `word/document.xml` declares 1 KB but inflates to `megabytes`
 * (written by hand: no zip library writes a lie). Its directory passes the declared-size check.
 */
async function lyingDocx(megabytes: number): Promise<Uint8Array> {
  const entries = [
    { name: '[Content_Types].xml', data: deflateRawSync('<Types/>'), size: 8 },
    { name: 'word/document.xml', data: await deflatedZeros(megabytes, true), size: 1024 },
  ];
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(entry.data.length, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    central.push(record, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('knowledge extraction in its worker', { timeout: 60_000 }, () => {
  it('sections Markdown under its heading path', async () => {
    const result = await extract(
      utf8('Intro.\n\n# Guide\n\nText.\n\n## Install\n\nRun it.\n\n# Other\n\nMore.'),
      'text/markdown',
    );
    expect(result).toMatchObject({
      ok: true,
      truncated: false,
      segments: [
        { text: 'Intro.', location: {} },
        { location: { section: 'Guide' } },
        { text: '## Install\n\nRun it.', location: { section: 'Guide › Install' } },
        { location: { section: 'Other' } },
      ],
    });
  });

  it('reads HTML as text under its headings, without scripts', async () => {
    const result = await extract(
      utf8(
        '<html><head><script>alert(1)</script></head><body><h1>Title</h1><p>One &amp; two.</p><h2>Part</h2><p>Three.</p></body></html>',
      ),
      'text/html',
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.segments.map((s) => s.location.section)).toEqual(['Title', 'Title › Part']);
    expect(result.segments[0]?.text).toContain('One & two.');
    expect(JSON.stringify(result)).not.toContain('alert');
  });

  it('reads a DOCX with its headings (mammoth)', async () => {
    const file = await docx(
      `<w:document ${W}><w:body>${paragraph('Handbook', 'Heading1')}${paragraph('Welcome aboard.')}</w:body></w:document>`,
    );
    const result = await extract(
      file,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.segments).toEqual([
      { text: expect.stringContaining('Welcome aboard.'), location: { section: 'Handbook' } },
    ]);
  });

  it('reads a PDF page by page (unpdf)', async () => {
    const result = await extract(pdf(['Hello from page one', 'And page two']), 'application/pdf');
    if (!result.ok) throw new Error(result.reason);
    expect(result.pages).toBe(2);
    expect(result.segments).toEqual([
      { text: expect.stringContaining('page one'), location: { page: 1 } },
      { text: expect.stringContaining('page two'), location: { page: 2 } },
    ]);
  });

  it('fails a zip bomb (a DOCX whose document expands a thousandfold) before inflating it', async () => {
    const bomb = await docx(
      `<w:document ${W}><w:body>${paragraph(' '.repeat(40 * 1024 * 1024))}</w:body></w:document>`,
    );
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(
      await extract(bomb, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toEqual({
      ok: false,
      reason: 'extractionTooLarge',
    });
  });

  it('fails a PDF bomb (under 10 KB, inflating to 512 MB outside the heap) on its memory budget', async () => {
    const bomb = pdfBomb(await deflatedZeros(512));
    expect(bomb.length).toBeLessThan(10 * 1024);
    // The budget small here (1,024 MB on AWS), so the test inflates less; the mechanism is the same.
    const bounded = createExtractionRunner({ workerUrl, memoryBudgetMb: 192 });
    const started = Date.now();
    expect(await bounded(bomb, 'application/pdf')).toEqual({ ok: false, reason: 'extractionTooLarge' });
    expect(Date.now() - started).toBeLessThan(60_000);
    // The function goes on: the next file is read as ever.
    const next = await bounded(pdf(['Still standing']), 'application/pdf');
    expect(next).toMatchObject({ ok: true, pages: 1 });
  });

  it('fails a DOCX whose zip directory lies (2 MB inflating to 512 MB, declared 1 KB) on its memory budget', async () => {
    const bomb = await lyingDocx(512);
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    const bounded = createExtractionRunner({ workerUrl, memoryBudgetMb: 192 });
    expect(
      await bounded(bomb, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toEqual({ ok: false, reason: 'extractionTooLarge' });
  });

  it('fails a password-protected Office document (an encrypted compound file) as encrypted', async () => {
    const cfb = new Uint8Array(4096);
    cfb.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(
      await extract(cfb, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toEqual({
      ok: false,
      reason: 'encrypted',
    });
  });

  it('fails what is not a document of its type, and text with nothing in it', async () => {
    expect(await extract(utf8('not a pdf'), 'application/pdf')).toEqual({
      ok: false,
      reason: 'extractionFailed',
    });
    expect(await extract(utf8(' \n\t '), 'text/plain')).toEqual({ ok: false, reason: 'emptyText' });
  });

  it('terminates an extraction past its time limit', async () => {
    const hurried = createExtractionRunner({ workerUrl, timeoutMs: 1 });
    expect(await hurried(utf8('# Slow enough'), 'text/markdown')).toEqual({
      ok: false,
      reason: 'extractionTimedOut',
    });
  });
});
