import { weighWebPages } from './web-pages.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;

/** Prints the gzipped JavaScript a first visit to each page loads, against its budget. */
export async function benchWebBundle(): Promise<void> {
  console.log('\nWeb app (vite build; JavaScript a first visit loads, gzipped)');
  console.log(
    `  ${'path'.padEnd(10)} ${'entry'.padStart(11)} ${'page'.padStart(11)} ${'total'.padStart(11)} ${'budget'.padStart(11)}  chunks`,
  );
  for (const { path, entryBytes, pageBytes, budgetKb, chunks } of await weighWebPages()) {
    const total = entryBytes + pageBytes;
    console.log(
      `  ${path.padEnd(10)} ${kb(entryBytes)} ${kb(pageBytes)} ${kb(total)} ${kb(budgetKb * 1024)}  ${chunks}`,
    );
  }
}
