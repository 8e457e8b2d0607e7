import { PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';
import { ApiError } from '../../../lib/api-error';

/** An API call refused by a plan limit: its error body carries the code PLAN_LIMIT_ERROR_CODE. */
export function isPlanLimitError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { data } = error;
  return (
    typeof data === 'object' && data !== null && (data as { code?: unknown }).code === PLAN_LIMIT_ERROR_CODE
  );
}
