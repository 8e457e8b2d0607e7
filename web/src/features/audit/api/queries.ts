import type { AuditFilters } from '@agentforge/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { listAudit } from './audit';

export const auditKeys = {
  all: () => ['audit'] as const,
  log: (filters: AuditFilters) => ['audit', 'log', filters] as const,
};

/** The caller's activity log with these filters, page after page ('Load more'). */
export const auditLogQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.log(filters),
    queryFn: ({ pageParam, signal }) => listAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
