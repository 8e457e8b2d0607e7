/**
 * Structured JSON logs (one line per entry, CloudWatch-friendly). Never pass secrets here: API
 * keys, tokens and MCP env values are not logged anywhere.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

function write(level: Level, message: string, detail?: unknown): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  const entry: Record<string, unknown> = { level, message, time: new Date().toISOString() };
  if (detail instanceof Error)
    entry.error = { name: detail.name, message: detail.message, stack: detail.stack };
  else if (detail !== undefined) entry.detail = detail;
  (level === 'error' ? console.error : console.log)(JSON.stringify(entry));
}

export const logger = {
  debug: (message: string, detail?: unknown) => write('debug', message, detail),
  info: (message: string, detail?: unknown) => write('info', message, detail),
  warn: (message: string, detail?: unknown) => write('warn', message, detail),
  error: (message: string, detail?: unknown) => write('error', message, detail),
};
