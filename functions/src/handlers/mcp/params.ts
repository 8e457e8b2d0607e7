import * as z from 'zod';

export const serverParams = z.object({ id: z.string().min(1).max(64) });
