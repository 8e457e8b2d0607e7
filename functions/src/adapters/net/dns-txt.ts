import { resolveTxt } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';

/** The TXT records at a name, from the DNS (node:dns); none when the name has none. */
export async function dnsTxt(name: string): Promise<string[][]> {
  try {
    return await resolveTxt(name);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOTFOUND' || (error as { code?: string }).code === 'ENODATA')
      return [];
    throw error;
  }
}

/**
 * The local stack's DNS for TXT records: a JSON file `{ "<name>": ["<value>", ...] }` (LOCAL_DNS_TXT_FILE,
 * `<data dir>/dns-txt.json`), read at each lookup so a test or a person can publish a record by
 * editing it, as they would at their DNS host.
 */
export function localDnsTxt(file: string) {
  return async (name: string): Promise<string[][]> => {
    let table: Record<string, unknown> = {};
    try {
      table = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    } catch {
      return [];
    }
    const values = table[name.toLowerCase()];
    return Array.isArray(values)
      ? values.filter((v): v is string => typeof v === 'string').map((v) => [v])
      : [];
  };
}
