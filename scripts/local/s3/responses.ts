import type { ServerResponse } from 'node:http';

/** An S3 error: its status, its code (\`NoSuchKey\`...) and message, sent as S3 sends them. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const xmlEscape = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export function sendXml(res: ServerResponse, status: number, xml: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

export function sendError(res: ServerResponse, method: string, error: S3Error): void {
  if (method === 'HEAD') {
    res.writeHead(error.status, { 'x-amz-error-code': error.code }).end();
    return;
  }
  sendXml(
    res,
    error.status,
    `<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message></Error>`,
  );
}
