import { githubAuthorizeUrlBodySchema, githubExchangeCodeBodySchema } from '@agentforge/shared';
import * as z from 'zod';

/** The shared schemas with the server's own bounds (a GitHub code is 20 characters; states are 32). */
export const authorizeUrlRequestSchema = githubAuthorizeUrlBodySchema;
export const exchangeCodeRequestSchema = githubExchangeCodeBodySchema.extend({
  code: z.string().min(1).max(256),
  state: z.string().min(1).max(256),
  targetAppId: z.string().min(1).max(64).nullish(),
});
