import {
  API_ERROR_MESSAGES,
  type AuditExportFormat,
  type AuditFilters,
  type AuditPage,
  type AuditVerdict,
  auditPageSchema,
  auditVerdictSchema,
} from '@agentforge/shared';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { apiClient, buildUrl, getIdToken } from '../../../lib/api-client';
import { ApiError, apiErrorFromResponse } from '../../../lib/api-error';

/** Whose log: the caller's own (no teamId), or a team's where the caller is an Admin. */
export type AuditScopedFilters = AuditFilters & { teamId?: string };

/** GET /audit[?teamId=]: one page of the caller's (or the team's) activity, newest first. */
export function listAudit(
  filters: AuditScopedFilters,
  cursor?: string,
  signal?: AbortSignal,
): Promise<AuditPage> {
  return apiClient.get('/audit', {
    schema: auditPageSchema,
    query: { ...filters, ...(cursor ? { cursor } : {}) },
    ...(signal ? { signal } : {}),
  });
}

/** GET /audit/verify[?teamId=]: the whole chain walked, intact or broken where. */
export function verifyAudit(teamId: string | undefined): Promise<AuditVerdict> {
  return apiClient.get('/audit/verify', { schema: auditVerdictSchema, query: teamId ? { teamId } : {} });
}

export interface AuditExportFile {
  fileName: string;
  type: string;
  text: string;
}

/** GET /audit/export[?teamId=]: the file as the server made it (CSV or JSON), with its name. */
export async function exportAudit(
  filters: AuditScopedFilters,
  format: AuditExportFormat,
): Promise<AuditExportFile> {
  const token = await getIdToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(getRuntimeConfig().apiBaseUrl, '/audit/export', { ...filters, format }), {
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch (error) {
    throw new ApiError(API_ERROR_MESSAGES.network, { status: 0, cause: error });
  }
  const text = await response.text();
  if (!response.ok) {
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    throw apiErrorFromResponse(response.status, response.statusText, data);
  }
  const fileName =
    response.headers.get('Content-Disposition')?.match(/filename="([^"]+)"/)?.[1] ??
    // Cross-origin without the header exposed: the server's own name (its UTC date).
    `activity-log-${new Date().toISOString().slice(0, 10)}.${format}`;
  return { fileName, type: response.headers.get('Content-Type') ?? 'text/plain', text };
}
