import { PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';
import { ApiError } from '../../lib/api-error';
import { toast } from './toaster-store';

/**
 * A refusal by a plan limit (its body's `code`). billing/utils/plan-limit.ts says the same for the
 * chat's streams too; importing it from a page's own chunk would split it out of /home's (its
 * weight budget).
 */
export const isPlanLimitRefusal = (error: unknown) =>
  error instanceof ApiError && (error.data as { code?: unknown } | null)?.code === PLAN_LIMIT_ERROR_CODE;

/** The toast of a refused change: a plan limit's with 'Upgrade Plan' (as every plan refusal), any other with its reason. */
export function toastRefusal(title: string, error: unknown): void {
  const description = error instanceof Error ? error.message : String(error);
  if (isPlanLimitRefusal(error)) {
    toast({
      variant: 'destructive',
      title: 'Plan limit reached',
      description,
      action: { label: 'Upgrade Plan', to: '/pricing' },
    });
  } else toast({ variant: 'destructive', title, description });
}
