import {
  DEFAULT_IDLE_TIMEOUT_CARD_MINUTES,
  DEFAULT_IDLE_TIMEOUT_FORM_MINUTES,
  type McpServerConfigBody,
  mcpServerConfigBodySchema,
  toEnvironmentVariableRows,
} from '@agentforge/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ServerView } from '../api/servers';

/**
 * A variable as a form row. `member`: on a team server, each member supplies their own value (the
 * row's value is not used: no shared value is kept).
 */
export type EnvironmentRow = { key: string; value: string; member: boolean };

/** A remote server's static header as a form row (an API key: its value is a secret). */
export type HeaderRow = { key: string; value: string };

/**
 * The configuration form as typed: a hosted package (the idle timeout as its input's text, the
 * variables as rows) or a remote server (its URL, the headers as rows).
 */
export type ServerFormValues = {
  kind: 'package' | 'remote';
  name: string;
  packageName: string;
  idleTimeoutMinutes: string;
  environmentVariables: EnvironmentRow[];
  url: string;
  headers: HeaderRow[];
};

export const FORM_FIELDS = [
  'name',
  'packageName',
  'idleTimeoutMinutes',
  'environmentVariables',
  'url',
  'headers',
] as const;
type FormField = (typeof FORM_FIELDS)[number];

/** Stored values come back masked ('••••••••' or '••••••••abcd'); sent back unchanged, they are kept. */
export const MASK = '••••••••';
export const isMaskedValue = (value: string) => value.startsWith(MASK);

/** A new configuration: empty, idle timeout 30 (spec 9). */
export const EMPTY_SERVER_FORM: ServerFormValues = {
  kind: 'package',
  name: '',
  packageName: '',
  idleTimeoutMinutes: String(DEFAULT_IDLE_TIMEOUT_FORM_MINUTES),
  environmentVariables: [],
  url: '',
  headers: [],
};

/** The form for an existing server: its values, with environment values as masked as the API sent them. */
export function formValuesOf(server: ServerView): ServerFormValues {
  return {
    kind: server.kind ?? 'package',
    name: server.name,
    packageName: server.packageName,
    idleTimeoutMinutes: String(server.idleTimeoutMinutes ?? DEFAULT_IDLE_TIMEOUT_FORM_MINUTES),
    environmentVariables: [
      ...toEnvironmentVariableRows(server.environmentVariables).map((row) => ({ ...row, member: false })),
      ...(server.memberVariables ?? []).map((key) => ({ key, value: '', member: true })),
    ],
    url: server.url ?? '',
    headers: toEnvironmentVariableRows(server.headers ?? {}),
  };
}

/**
 * The body's variables: shared rows with their values, member rows by name only; `rowOf` maps an
 * issue's index in either list back to the form row it came from.
 */
function bodyOf(values: ServerFormValues) {
  if (values.kind === 'remote') {
    const { name, url, headers, idleTimeoutMinutes } = values;
    return {
      body: { name, url, headers, idleTimeoutMinutes },
      rowOf: (_field: string, index: number) => index,
    };
  }
  const indexed = values.environmentVariables.map((row, index) => ({ ...row, index }));
  const shared = indexed.filter((row) => !row.member);
  const members = indexed.filter((row) => row.member && row.key.trim());
  const memberVariables = members.map((row) => row.key.trim());
  return {
    body: {
      name: values.name,
      packageName: values.packageName,
      idleTimeoutMinutes: values.idleTimeoutMinutes,
      environmentVariables: shared.map(({ key, value }) => ({ key, value })),
      ...(memberVariables.length ? { memberVariables } : {}),
    },
    rowOf: (field: string, index: number) => (field === 'memberVariables' ? members : shared)[index]?.index,
  };
}

/** The idle timeout a card shows: 5 when the configuration has none (spec 9). */
export const cardIdleTimeout = (server: Pick<ServerView, 'idleTimeoutMinutes'>) =>
  server.idleTimeoutMinutes ?? DEFAULT_IDLE_TIMEOUT_CARD_MINUTES;

/**
 * The shared form schema as a react-hook-form resolver (spec 5): required name and package name,
 * idle timeout 30 when not numeric and at least 1, rows with blank keys dropped and keys trimmed.
 * The first message of each field is shown.
 */
export const serverFormResolver: Resolver<ServerFormValues, unknown, McpServerConfigBody> = async (
  values,
) => {
  const { body, rowOf } = bodyOf(values);
  const result = mcpServerConfigBodySchema.safeParse(body);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<ServerFormValues> = {};
  const rowErrors: { key?: { type: string; message: string } }[] = [];
  const headerErrors: { key?: { type: string; message: string } }[] = [];
  for (const issue of result.error.issues) {
    const [field, index] = issue.path as [FormField | 'memberVariables' | undefined, unknown];
    const row = field && typeof index === 'number' ? rowOf(field, index) : undefined;
    // A variable's name (shared or each member's) or a header's: shown on its row.
    if ((field === 'environmentVariables' || field === 'memberVariables') && row !== undefined) {
      rowErrors[row] ??= { key: { type: issue.code, message: issue.message } };
    } else if (field === 'headers' && row !== undefined) {
      headerErrors[row] ??= { key: { type: issue.code, message: issue.message } };
    } else if (field === 'memberVariables') {
      errors.environmentVariables ??= { type: issue.code, message: issue.message };
    } else if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  if (rowErrors.length && !errors.environmentVariables)
    errors.environmentVariables = rowErrors as FieldErrors<ServerFormValues>['environmentVariables'];
  if (headerErrors.length && !errors.headers)
    errors.headers = headerErrors as FieldErrors<ServerFormValues>['headers'];
  return { values: {}, errors };
};
