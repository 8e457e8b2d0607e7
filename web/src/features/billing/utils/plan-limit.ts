import { PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';
import { toast } from '../../../components/toast/toaster-store';
import { ApiError } from '../../../lib/api-error';
import { StreamError } from '../../chat/api/stream-error';
import { UPGRADE_PLAN_LABEL } from './plan-display';

/** Not worded by the spec: the headline of a refusal by a plan limit where nothing else names it. */
export const PLAN_LIMIT_TITLE = 'Plan limit reached';

/**
 * An API call refused by a plan limit: its error body (or a stream's error event) carries the code
 * PLAN_LIMIT_ERROR_CODE.
 */
export function isPlanLimitError(error: unknown): boolean {
  if (error instanceof StreamError) return error.code === PLAN_LIMIT_ERROR_CODE;
  if (!(error instanceof ApiError)) return false;
  const { data } = error;
  return (
    typeof data === 'object' && data !== null && (data as { code?: unknown }).code === PLAN_LIMIT_ERROR_CODE
  );
}

/**
 * Shows a plan-limit refusal where the user is looking, whatever part of the page they are on: a
 * toast with the API's message and 'Upgrade Plan'. Says whether `error` was one.
 */
export function toastPlanLimit(title: string, error: unknown): boolean {
  if (!isPlanLimitError(error)) return false;
  toast({
    variant: 'destructive',
    title,
    description:
      error instanceof StreamError ? (error.apiMessage ?? error.message) : (error as ApiError).message,
    action: { label: UPGRADE_PLAN_LABEL, to: '/pricing' },
  });
  return true;
}
