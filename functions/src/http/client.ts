/**
 * Where a request came from, for the audit log. On AWS the API and the streams sit behind
 * CloudFront, so API Gateway's and the Function URL's source address is CloudFront's: the viewer's
 * is CloudFront's own `CloudFront-Viewer-Address` header (`ip:port`, set by CloudFront, forwarded
 * by the origin request policies), used when present. Nobody else can set it: the API takes only
 * requests with CloudFront's key (routes.ts API_KEY_HEADER), the streams only CloudFront (OAC).
 * Locally there is no CloudFront and the socket's address is the client's.
 */
export interface RequestClient {
  sourceIp: string;
  userAgent: string;
}

const headerOf = (headers: Record<string, string | undefined> | null | undefined, name: string) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

/** `198.51.100.7:46532` -> `198.51.100.7`; `2001:db8::1:46532` -> `2001:db8::1`. */
export function viewerIp(address: string | undefined): string | undefined {
  const ip = address?.trim().replace(/:\d+$/, '');
  return ip || undefined;
}

export function requestClient(
  headers: Record<string, string | undefined> | null | undefined,
  sourceIp: string | undefined,
  fallbackUserAgent?: string,
): RequestClient {
  return {
    sourceIp: viewerIp(headerOf(headers, 'cloudfront-viewer-address')) ?? (sourceIp || 'unknown'),
    userAgent: headerOf(headers, 'user-agent') || fallbackUserAgent || 'unknown',
  };
}
