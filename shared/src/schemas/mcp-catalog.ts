import * as z from 'zod';
import { MAX_SERVER_NAME_LENGTH } from '../constants/limits';
import { DEFAULT_IDLE_TIMEOUT_FORM_MINUTES } from '../constants/product';
import {
  type McpServerConfigBody,
  type McpServerConfigInput,
  mcpServerConfigBodySchema,
} from './mcp-server-config';

/**
 * The MCP server catalog (issue 30 item 2): entries in the MCP Registry's `server.json` format
 * (schema 2025-12-11, camelCase), only the fields the app reads. Unknown fields (`_meta`, icons,
 * arguments, repository) are dropped on parse.
 */

/** server.json's KeyValueInput: an environment variable of a package, or a header of a remote. */
export const catalogInputSchema = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(1000).optional(),
  isRequired: z.boolean().default(false),
  isSecret: z.boolean().default(false),
  default: z.string().optional(),
  placeholder: z.string().optional(),
});
export type CatalogInput = z.infer<typeof catalogInputSchema>;

const catalogPackageSchema = z.object({
  registryType: z.string().min(1),
  identifier: z.string().min(1).max(300),
  version: z.string().max(100).optional(),
  transport: z.object({ type: z.string() }).optional(),
  environmentVariables: z.array(catalogInputSchema).max(50).default([]),
});
export type CatalogPackage = z.infer<typeof catalogPackageSchema>;

const catalogRemoteSchema = z.object({
  type: z.enum(['streamable-http', 'sse']),
  url: z.url({ protocol: /^https?$/ }).max(2000),
  headers: z.array(catalogInputSchema).max(50).default([]),
});
export type CatalogRemote = z.infer<typeof catalogRemoteSchema>;

/** A package this platform runs: an npm package speaking stdio (the runner starts it with npx). */
const isRunnablePackage = (pkg: CatalogPackage) =>
  pkg.registryType === 'npm' && (pkg.transport === undefined || pkg.transport.type === 'stdio');

export const catalogEntrySchema = z
  .object({
    // Reverse-DNS with exactly one slash, as the registry requires.
    name: z
      .string()
      .min(3)
      .max(200)
      .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'must be reverse-DNS with one slash'),
    title: z.string().min(1).max(100).optional(),
    description: z.string().min(1).max(100),
    version: z.string().max(100).optional(),
    websiteUrl: z.url({ protocol: /^https$/ }).optional(),
    packages: z.array(catalogPackageSchema).max(20).default([]),
    remotes: z.array(catalogRemoteSchema).max(20).default([]),
  })
  .transform((entry) => ({ ...entry, packages: entry.packages.filter(isRunnablePackage) }))
  .refine((entry) => entry.packages.length > 0 || entry.remotes.length > 0, {
    error: 'has no npm package over stdio and no remote: nothing this platform can run',
  })
  // Every variable named (blank), so each name is checked as the create route will check it.
  .refine((entry) => entry.packages.length === 0 || packageRequestOf(entry, blankValuesOf(entry)).success, {
    error: 'its package or environment variable names are not ones a server can be created with',
  });
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

/** GET /mcp/catalog. */
export const catalogResponseSchema = z.object({ entries: z.array(catalogEntrySchema) });
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;

/** What adding an entry reads (spelt out: the schema's own refinement uses it). */
type EntryFields = {
  name: string;
  title?: string | undefined;
  packages: readonly CatalogPackage[];
  remotes: readonly CatalogRemote[];
};

/** The server's name in the Servers list: the entry's title, else the last part of its name. */
export function catalogServerName(entry: Pick<EntryFields, 'name' | 'title'>): string {
  const name = entry.title ?? entry.name.slice(entry.name.indexOf('/') + 1);
  return name.slice(0, MAX_SERVER_NAME_LENGTH);
}

/**
 * What 'Add' asks for: the required inputs without a default (env variables of the package, or
 * headers of the remote when there is no package). Optional ones are left out; a required one
 * with a default takes it.
 */
export function catalogRequiredInputs(entry: Pick<EntryFields, 'packages' | 'remotes'>): CatalogInput[] {
  const inputs = entry.packages[0]?.environmentVariables ?? entry.remotes[0]?.headers ?? [];
  return inputs.filter((input) => input.isRequired && input.default === undefined);
}

const blankValuesOf = (entry: EntryFields) =>
  Object.fromEntries(
    [...(entry.packages[0]?.environmentVariables ?? []), ...(entry.remotes[0]?.headers ?? [])].map(
      (input) => [input.name, ''],
    ),
  );

/** The inputs' values: what the form gave, else a required one's default; blanks left out. */
const valuesOf = (inputs: readonly CatalogInput[], values: Record<string, string>) =>
  Object.fromEntries(
    inputs.flatMap((input) => {
      const value = values[input.name] ?? (input.isRequired ? input.default : undefined);
      return value === undefined || value === '' ? [] : [[input.name, value] as const];
    }),
  );

function remoteRequestOf(entry: EntryFields, values: Record<string, string>) {
  const remote = entry.remotes[0] as CatalogRemote;
  return mcpServerConfigBodySchema.safeParse({
    name: catalogServerName(entry),
    url: remote.url,
    headers: valuesOf(remote.headers, values),
    idleTimeoutMinutes: DEFAULT_IDLE_TIMEOUT_FORM_MINUTES,
  } satisfies McpServerConfigInput);
}

function packageRequestOf(
  entry: EntryFields,
  values: Record<string, string>,
): z.ZodSafeParseResult<McpServerConfigBody> {
  const pkg = entry.packages[0] as CatalogPackage;
  const environmentVariables = Object.fromEntries(
    pkg.environmentVariables.flatMap((input) => {
      const value = values[input.name] ?? (input.isRequired ? input.default : undefined);
      return value === undefined ? [] : [[input.name, value] as const];
    }),
  );
  const request: McpServerConfigInput = {
    name: catalogServerName(entry),
    packageName: pkg.identifier,
    idleTimeoutMinutes: DEFAULT_IDLE_TIMEOUT_FORM_MINUTES,
    environmentVariables,
  };
  return z.safeParse(mcpServerConfigBodySchema, request);
}

/**
 * The POST /mcp-servers body that adds an entry, with the values the form gave: its npm package, or
 * else its first remote (URL and headers); undefined when the create route would refuse it (a
 * registry's remote on a URL this platform does not reach).
 */
export function catalogCreateRequest(
  entry: EntryFields,
  values: Record<string, string>,
): McpServerConfigInput | undefined {
  const parsed = entry.packages.length > 0 ? packageRequestOf(entry, values) : remoteRequestOf(entry, values);
  return parsed.success ? parsed.data : undefined;
}

/** Entries whose name, title or description contain every word of the query (any case). */
export function searchCatalog<T extends { name: string; title?: string | undefined; description: string }>(
  entries: readonly T[],
  query: string,
): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = `${entry.name} ${entry.title ?? ''} ${entry.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** Whether 'Add' can create this entry here (follows catalogCreateRequest). */
export function catalogAddable(entry: EntryFields): boolean {
  return catalogCreateRequest(entry, blankValuesOf(entry)) !== undefined;
}
