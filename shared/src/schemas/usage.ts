import * as z from 'zod';

/** GET /mcp/usage: this month's server compute. */
export const computeUsageSchema = z.object({
  /** `YYYY-MM` */
  currentMonth: z.string().regex(/^\d{4}-\d{2}$/),
  usedMinutes: z.number().nonnegative(),
  limitMinutes: z.number().nonnegative(),
  remainingMinutes: z.number().nonnegative(),
});
export type ComputeUsage = z.infer<typeof computeUsageSchema>;
