import * as z from 'zod';

/** A saved prompt (table prompts: userId = its owner, a user or `team#<teamId>`; promptId). */
export const storedPromptSchema = z.object({
  userId: z.string().min(1),
  promptId: z.string().min(1),
  title: z.string(),
  body: z.string(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type StoredPrompt = z.infer<typeof storedPromptSchema>;

export interface PromptRepository {
  /** The owner's prompts, oldest first. */
  list(ownerId: string): Promise<StoredPrompt[]>;
  get(ownerId: string, promptId: string): Promise<StoredPrompt | undefined>;
  /** Writes new prompts (fresh ids). */
  create(prompts: readonly StoredPrompt[]): Promise<void>;
  /** Replaces the prompt's fields; false if the owner has no such prompt (nothing written then). */
  replace(prompt: StoredPrompt): Promise<boolean>;
  /** False if the owner has no such prompt. */
  delete(ownerId: string, promptId: string): Promise<boolean>;
}
