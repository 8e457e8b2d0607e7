import type { ServerResponse } from 'node:http';

/**
 * An error as S3 Vectors answers it (REST-JSON): the HTTP status, the error's name in
 * `x-amzn-errortype` and `{ message }` in the body, which the SDK turns into its exception class
 * (ValidationException, NotFoundException, ConflictException, ...).
 */
export class VectorsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new VectorsError(400, 'ValidationException', message);
export const notFound = (message: string) => new VectorsError(404, 'NotFoundException', message);
export const conflict = (message: string) => new VectorsError(409, 'ConflictException', message);

export function sendJson(res: ServerResponse, status: number, body: unknown, errorType?: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: VectorsError): void {
  sendJson(res, error.status, { message: error.message }, error.code);
}
