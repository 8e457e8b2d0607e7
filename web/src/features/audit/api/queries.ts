import { infiniteQueryOptions } from '@tanstack/react-query';
import { type AuditScopedFilters, listAudit } from './audit';

export const auditKeys = {
  all: () => ['audit'] as const,
  log: (filters: AuditScopedFilters) => ['audit', 'log', filters] as const,
};

/** The caller's (or a team's) activity log with these filters, page after page ('Load more'). */
export const auditLogQuery = (filters: AuditScopedFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.log(filters),
    queryFn: ({ pageParam, signal }) => listAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
