import * as z from 'zod/mini';

/** GET /mcp/usage: this month's server compute. */
export const computeUsageSchema = z.object({
  /** `YYYY-MM` */
  currentMonth: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  usedMinutes: z.number().check(z.nonnegative()),
  limitMinutes: z.number().check(z.nonnegative()),
  remainingMinutes: z.number().check(z.nonnegative()),
});
export type ComputeUsage = z.infer<typeof computeUsageSchema>;
