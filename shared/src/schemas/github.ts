import * as z from 'zod';

/** Query of the code-host authorization return (/github/callback). */
export const githubCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export type GithubCallbackQuery = z.infer<typeof githubCallbackQuerySchema>;

/** POST /github/exchange-code */
export const githubExchangeCodeBodySchema = z.object({
  code: z.string().min(1),
  state: z.string().min(1),
  /** The server whose settings the user came from, if any. */
  targetAppId: z.string().min(1).nullish(),
});
export type GithubExchangeCodeBody = z.infer<typeof githubExchangeCodeBodySchema>;

export const githubExchangeCodeResponseSchema = z.object({ username: z.string() });
export type GithubExchangeCodeResponse = z.infer<typeof githubExchangeCodeResponseSchema>;
