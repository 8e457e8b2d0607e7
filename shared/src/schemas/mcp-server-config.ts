import * as z from 'zod/mini';
import {
  MAX_ENV_JSON_BYTES,
  MAX_ENV_KEY_LENGTH,
  MAX_ENV_VARIABLES,
  MAX_PACKAGE_SPEC_LENGTH,
  MAX_REMOTE_HEADERS,
  MAX_SERVER_NAME_LENGTH,
  MAX_URL_LENGTH,
} from '../constants/limits';
import { DEFAULT_IDLE_TIMEOUT_FORM_MINUTES, MIN_IDLE_TIMEOUT_MINUTES } from '../constants/product';
import { SERVER_MESSAGES } from '../messages/servers';
import {
  type EnvironmentVariableRow,
  environmentVariableNameSchema,
  environmentVariableRowSchema,
  envName,
  limitedVariables,
  toEnvironmentVariableRows,
  toEnvironmentVariables,
} from './mcp-env';
import { type EnvironmentVariables, environmentVariablesSchema } from './mcp-server';

// The configuration form's and the create/update routes' schema, apart from the server as the API
// answers it (mcp-server.ts): the chat's first load parses servers without the form's checks.

/** Anything that is not a finite number (empty input, text, NaN) becomes the form default of 30. */
function toIdleTimeout(value: unknown): number {
  const numeric = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof numeric === 'number' && Number.isFinite(numeric)
    ? numeric
    : DEFAULT_IDLE_TIMEOUT_FORM_MINUTES;
}

/**
 * An npm package spec, optionally with a version. Starting with a letter, digit or scope keeps a
 * name from being read as a command-line flag by the runner.
 */
const PACKAGE_SPEC_PATTERN = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(@[\w.^~<>=*|-]+)?$/i;

const HEADER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** Headers the MCP client sets itself (or HTTP does): a static value would break the session. */
const CLIENT_HEADERS = new Set([
  'accept',
  'connection',
  'content-length',
  'content-type',
  'cookie',
  'host',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-session-id',
  'transfer-encoding',
]);

const headerNameSchema = z.string().check(
  z.trim(),
  z.maxLength(MAX_ENV_KEY_LENGTH, SERVER_MESSAGES.envNameTooLong(MAX_ENV_KEY_LENGTH)),
  z.superRefine((name, ctx) => {
    if (name !== '' && !HEADER_NAME_PATTERN.test(name))
      ctx.addIssue({ code: 'custom', message: SERVER_MESSAGES.headerNameInvalid });
    else if (CLIENT_HEADERS.has(name.toLowerCase()))
      ctx.addIssue({ code: 'custom', message: SERVER_MESSAGES.headerReserved(name) });
  }),
);

/** A remote server's static headers: rows (the form) or a record, leaving as a record. */
const headersSchema = z
  .pipe(
    z.pipe(
      z.pipe(
        z.union([environmentVariablesSchema, z.array(environmentVariableRowSchema)]),
        z.transform((value) => (Array.isArray(value) ? value : toEnvironmentVariableRows(value))),
      ),
      z.array(
        z.object({
          key: headerNameSchema,
          value: z
            .string()
            .check(z.refine((value) => !/[\r\n\0]/.test(value), SERVER_MESSAGES.headerValueInvalid)),
        }),
      ),
    ),
    z.transform<EnvironmentVariableRow[], EnvironmentVariables>(toEnvironmentVariables),
  )
  .check(
    z.refine((headers) => Object.keys(headers).length <= MAX_REMOTE_HEADERS, {
      error: `At most ${MAX_REMOTE_HEADERS} headers`,
    }),
    z.refine((headers) => new TextEncoder().encode(JSON.stringify(headers)).length <= MAX_ENV_JSON_BYTES, {
      error: `The headers may total at most ${MAX_ENV_JSON_BYTES} bytes`,
    }),
  );

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A remote server's URL: https, or http to this machine (the local stack's own servers). Whether
 * the host may be reached at all is the API's outbound guard's call (it knows the stage).
 */
export function remoteUrlProblem(url: string): string | undefined {
  if (!URL.canParse(url)) return SERVER_MESSAGES.remoteUrlInvalid;
  const parsed = new URL(url);
  if (parsed.username || parsed.password || parsed.hash) return SERVER_MESSAGES.remoteUrlInvalid;
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname)) return undefined;
  return parsed.protocol === 'http:' ? SERVER_MESSAGES.remoteUrlHttpsOnly : SERVER_MESSAGES.remoteUrlInvalid;
}

/**
 * The server configuration form and the body of POST /mcp-servers and PUT /mcp(-|/)servers/{id}:
 * a hosted package (`packageName`, environment variables) or a remote server (`url`, static
 * headers). Environment variables and headers come as a record or as form rows and always leave as
 * a record.
 */
export const mcpServerConfigBodySchema = z
  .object({
    name: z
      .string({ error: SERVER_MESSAGES.nameRequired })
      .check(
        z.trim(),
        z.minLength(1, SERVER_MESSAGES.nameRequired),
        z.maxLength(MAX_SERVER_NAME_LENGTH, `The name may be at most ${MAX_SERVER_NAME_LENGTH} characters`),
      ),
    // Required unless `url` is given (checked below, with the other fields' errors).
    packageName: z._default(
      z.string().check(
        z.trim(),
        z.maxLength(MAX_PACKAGE_SPEC_LENGTH, { error: SERVER_MESSAGES.invalidPackageName, abort: true }),
        z.refine(
          (name) => name === '' || PACKAGE_SPEC_PATTERN.test(name),
          SERVER_MESSAGES.invalidPackageName,
        ),
      ),
      '',
    ),
    url: z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(MAX_URL_LENGTH, SERVER_MESSAGES.remoteUrlInvalid),
        z.superRefine((url, ctx) => {
          const problem = url === '' ? undefined : remoteUrlProblem(url);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      ),
    ),
    headers: z.optional(headersSchema),
    idleTimeoutMinutes: z.pipe(
      z.transform(toIdleTimeout),
      z
        .number()
        .check(
          z.int(SERVER_MESSAGES.idleTimeoutNotWhole),
          z.gte(MIN_IDLE_TIMEOUT_MINUTES, SERVER_MESSAGES.idleTimeoutTooSmall),
        ),
    ),
    // A record is read as rows, so each name is checked with its row's index (the form's inline error).
    environmentVariables: z.pipe(
      z.pipe(
        z.pipe(
          z.pipe(
            z._default(
              z.union([environmentVariablesSchema, z.array(environmentVariableRowSchema)]),
              () => [],
            ),
            z.transform((value) => (Array.isArray(value) ? value : toEnvironmentVariableRows(value))),
          ),
          z.array(z.object({ key: environmentVariableNameSchema, value: z.string() })),
        ),
        z.transform<EnvironmentVariableRow[], EnvironmentVariables>(toEnvironmentVariables),
      ),
      limitedVariables(environmentVariablesSchema),
    ),
    /** A team server's variables each member supplies (no shared value is kept for them). */
    memberVariables: z.optional(
      z.pipe(
        z
          .array(envName)
          .check(z.maxLength(MAX_ENV_VARIABLES, `At most ${MAX_ENV_VARIABLES} environment variables`)),
        z.transform((names) => [...new Set(names)]),
      ),
    ),
  })
  .check(
    z.superRefine((body, ctx) => {
      const packageName = typeof body.packageName === 'string' ? body.packageName : '';
      if (!packageName && !body.url)
        ctx.addIssue({ code: 'custom', path: ['packageName'], message: SERVER_MESSAGES.packageNameRequired });
      if (packageName && body.url)
        ctx.addIssue({ code: 'custom', path: ['url'], message: SERVER_MESSAGES.packageOrUrl });
    }),
  );
export type McpServerConfigBody = z.infer<typeof mcpServerConfigBodySchema>;
export type McpServerConfigInput = z.input<typeof mcpServerConfigBodySchema>;
