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

/** Length of the code-host authorization state (spec 5: the state is 32 characters). */
export const GITHUB_STATE_LENGTH = 32;

/** POST /github/authorize-url: starts a link; `targetAppId` is the server page to return to. */
export const githubAuthorizeUrlBodySchema = z.strictObject({
  targetAppId: z.string().min(1).max(64).nullish(),
});
export type GithubAuthorizeUrlBody = z.infer<typeof githubAuthorizeUrlBodySchema>;

/** The GitHub authorize URL, and the state it carries (the web keeps it in session storage). */
export const githubAuthorizeUrlResponseSchema = z.object({
  url: z.url(),
  state: z.string().length(GITHUB_STATE_LENGTH),
});
export type GithubAuthorizeUrlResponse = z.infer<typeof githubAuthorizeUrlResponseSchema>;

/** GET /github/link: the caller's linked GitHub account, if any. Never the token. */
export const githubLinkSchema = z.object({
  linked: z.boolean(),
  username: z.string().optional(),
  linkedAt: z.number().optional(),
});
export type GithubLink = z.infer<typeof githubLinkSchema>;

/**
 * An MCP server env value that stands for the user's linked GitHub token: stored as this
 * reference, resolved and decrypted only when the server starts.
 */
export const GITHUB_TOKEN_REFERENCE = '@github-account';
/** The env var the GitHub MCP server reads its token from. */
export const GITHUB_TOKEN_ENV_VAR = 'GITHUB_PERSONAL_ACCESS_TOKEN';
