import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';

/**
 * Structured JSON logs through Powertools Logger: one line per entry with level, timestamp,
 * service, the Lambda request id (see `withRequestContext`) and errors with their stack and
 * `cause` chain. The level comes from POWERTOOLS_LOG_LEVEL or LOG_LEVEL (any case; `silent` logs
 * nothing), else INFO.
 *
 * Never pass secrets here: API keys, tokens and MCP env values are not logged anywhere. As a
 * backstop, a field named like a secret (`apiKey`, `bridgeToken`, `password`, `ciphertext`, ...)
 * is written as '[redacted]', however deep it sits.
 */
type Write = (message: string, detail?: unknown) => void;
export interface Log {
  debug: Write;
  info: Write;
  warn: Write;
  error: Write;
}

export const REDACTED = '[redacted]';
const SECRET_FIELD =
  /(token|secret|password|passphrase|apikey|api_key|authorization|ciphertext|credentials)$/i;

/** The JSON replacer that keeps secret-named fields out of every log line. */
export function redactSecrets(key: string, value: unknown): unknown {
  return key && value !== undefined && value !== null && SECRET_FIELD.test(key) ? REDACTED : value;
}

type Level = NonNullable<ConstructorParameters<typeof Logger>[0]>['logLevel'];

function createLogger(): Logger {
  const level = (process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL || 'INFO').toUpperCase();
  return new Logger({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'agentforge',
    logLevel: level as Level,
    jsonReplacerFn: redactSecrets,
  });
}

let instance: Logger | undefined;
/** Made on first use, so the level set by a test or the local stack before any log line applies. */
const powertools = () => {
  instance ??= createLogger();
  return instance;
};

/** An Error goes under `error` (stack and cause chain), an object's fields at the top, anything else as `detail`. */
function write(level: keyof Log): Write {
  return (message, detail) => {
    const log = powertools()[level].bind(powertools());
    if (detail === undefined) log(message);
    else if (detail instanceof Error) log(message, detail);
    else if (typeof detail === 'object' && detail !== null) log(message, detail as Record<string, unknown>);
    else log(message, { detail });
  };
}

export const logger: Log = {
  debug: write('debug'),
  info: write('info'),
  warn: write('warn'),
  error: write('error'),
};

/** Middy middleware: every log line of the invocation carries its request id and function name. */
export function withRequestContext() {
  return {
    before: (request: { context?: Context }) => {
      if (request.context?.awsRequestId) powertools().addContext(request.context);
    },
  };
}
