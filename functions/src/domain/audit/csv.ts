import { type AuditRecord, auditRecordSchema } from '@agentforge/shared';

/** The export's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'time',
  'actor',
  'action',
  'target',
  'outcome',
  'sourceIp',
  'userAgent',
  'details',
  'id',
  'seq',
  'prevHash',
  'hash',
] as const satisfies readonly (keyof AuditRecord)[];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. A cell
 * a spreadsheet would run as a formula (starting with = + - @, or a tab or CR that some strip
 * first) gets a leading single quote, so it is shown as text (OWASP's CSV injection advice).
 */
export function csvCell(value: unknown): string {
  let text =
    value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The records as CSV with a header row, CRLF line ends. */
export function toCsv(records: readonly AuditRecord[]): string {
  const rows = [
    AUDIT_CSV_COLUMNS.join(','),
    ...records.map((record) => AUDIT_CSV_COLUMNS.map((column) => csvCell(record[column])).join(',')),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** The API's view of a stored record (its expiry and anything else stored stay out). */
export const toAuditView = (record: AuditRecord): AuditRecord => auditRecordSchema.parse(record);
