import * as z from 'zod/mini';
import { MAX_ENV_JSON_BYTES, MAX_ENV_KEY_LENGTH, MAX_ENV_VARIABLES } from '../constants/limits';
import { SERVER_MESSAGES } from '../messages/servers';
import { type EnvironmentVariables, environmentVariablesSchema } from './mcp-server';

// An MCP server's environment variables (and a remote one's headers): names, limits, rows.

/** What a process environment takes as a name (POSIX's portable set), and what no object key can shadow. */
const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A variable's name as a body or the form gives it: trimmed; blank (a row to drop) is let through. */
export const environmentVariableNameSchema = z.string().check(
  z.trim(),
  z.maxLength(MAX_ENV_KEY_LENGTH, SERVER_MESSAGES.envNameTooLong(MAX_ENV_KEY_LENGTH)),
  z.refine((name) => name === '' || ENV_NAME_PATTERN.test(name), SERVER_MESSAGES.envNameInvalid),
  z.refine((name) => name !== '__proto__', SERVER_MESSAGES.envNameReserved),
);

/** A name that must be given (a per-member variable). */
export const envName = environmentVariableNameSchema.check(
  z.refine((name) => name !== '', SERVER_MESSAGES.envNameInvalid),
);

export const limitedVariables = <T extends z.ZodMiniType<EnvironmentVariables>>(schema: T): T =>
  schema.check(
    z.refine((variables: EnvironmentVariables) => Object.keys(variables).length <= MAX_ENV_VARIABLES, {
      error: `At most ${MAX_ENV_VARIABLES} environment variables`,
    }),
    z.refine(
      (variables: EnvironmentVariables) =>
        Object.keys(variables).every((key) => key.length <= MAX_ENV_KEY_LENGTH),
      { error: `Environment variable names may be at most ${MAX_ENV_KEY_LENGTH} characters` },
    ),
    z.refine(
      (variables: EnvironmentVariables) =>
        new TextEncoder().encode(JSON.stringify(variables)).length <= MAX_ENV_JSON_BYTES,
      { error: `The environment variables may total at most ${MAX_ENV_JSON_BYTES} bytes` },
    ),
  );

/**
 * PUT /mcp-servers/{id}/my-values: a member's own values for a team server's per-member variables
 * (a masked value sent back unchanged keeps the stored one).
 */
export const memberValuesBodySchema = z.object({
  values: limitedVariables(
    z.pipe(
      environmentVariablesSchema,
      z.transform<EnvironmentVariables, EnvironmentVariables>(toEnvironmentVariables),
    ),
  ),
});
export type MemberValuesBody = z.infer<typeof memberValuesBodySchema>;

export const environmentVariableRowSchema = z.object({ key: z.string(), value: z.string() });
export type EnvironmentVariableRow = z.infer<typeof environmentVariableRowSchema>;

/** Rows (or record entries) with a blank key are dropped; keys are trimmed, values kept as typed. */
export function toEnvironmentVariables(
  input: EnvironmentVariables | readonly EnvironmentVariableRow[],
): EnvironmentVariables {
  const rows = Array.isArray(input)
    ? (input as readonly EnvironmentVariableRow[])
    : Object.entries(input).map(([key, value]) => ({ key, value }));
  // fromEntries defines each key as the object's own (an assignment to `__proto__` would be lost).
  return Object.fromEntries(
    rows.flatMap(({ key, value }) => (key.trim() ? [[key.trim(), value] as const] : [])),
  );
}

export function toEnvironmentVariableRows(variables: EnvironmentVariables): EnvironmentVariableRow[] {
  return Object.entries(variables).map(([key, value]) => ({ key, value }));
}
