import * as z from 'zod';

/** A file of the demo editor screen; a blank name is ignored. */
export const demoFileSchema = z.object({
  /** Creation timestamp (epoch milliseconds). */
  id: z.number(),
  name: z.string().trim().min(1),
  content: z.string(),
});
export type DemoFile = z.infer<typeof demoFileSchema>;
