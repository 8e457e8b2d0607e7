import * as z from 'zod';
import { RESET_TOAST_DEFAULT_DURATION_MS } from '../constants/timings';

/** The sign-in area toast. */
export const signInToastSchema = z.object({
  id: z.string(),
  open: z.boolean(),
  variant: z.enum(['default', 'destructive']).default('default'),
  title: z.string().optional(),
  description: z.string().optional(),
});
export type SignInToast = z.infer<typeof signInToastSchema>;

export const RESET_TOAST_TYPES = ['error', 'success', 'info', 'warning'] as const;
export type ResetToastType = (typeof RESET_TOAST_TYPES)[number];

/** The reset area toast: type defaults to error, duration to 5000 ms. */
export const resetToastSchema = z.object({
  /** Timestamp-based. */
  id: z.string(),
  message: z.string(),
  type: z.enum(RESET_TOAST_TYPES).default('error'),
  duration: z.number().int().positive().default(RESET_TOAST_DEFAULT_DURATION_MS),
});
export type ResetToast = z.infer<typeof resetToastSchema>;
export type ResetToastInput = z.input<typeof resetToastSchema>;
