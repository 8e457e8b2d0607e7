import * as z from 'zod';

/** Saved prompts one owner (a user, or a team) may keep. */
export const MAX_PROMPTS = 100;
export const MAX_PROMPT_TITLE_LENGTH = 100;
/** A prompt's body, in characters (a whole library fits one import request: 1 MB). */
export const MAX_PROMPT_BODY_LENGTH = 8_000;
export const MAX_PROMPT_DESCRIPTION_LENGTH = 300;
export const MAX_PROMPT_TAGS = 10;
export const MAX_PROMPT_TAG_LENGTH = 30;
/** The search text of GET /prompts?q=, in characters. */
const MAX_PROMPT_QUERY_LENGTH = 200;

export const PROMPT_MESSAGES = {
  titleRequired: 'Enter a title',
  titleTooLong: `A title has at most ${MAX_PROMPT_TITLE_LENGTH} characters`,
  bodyRequired: 'Enter the prompt',
  bodyTooLong: `A prompt has at most ${MAX_PROMPT_BODY_LENGTH.toLocaleString('en-US')} characters`,
  descriptionTooLong: `A description has at most ${MAX_PROMPT_DESCRIPTION_LENGTH} characters`,
  tooManyTags: `A prompt has at most ${MAX_PROMPT_TAGS} tags`,
  tagTooLong: `A tag has at most ${MAX_PROMPT_TAG_LENGTH} characters`,
  tooManyPrompts: `A library holds at most ${MAX_PROMPTS} prompts; delete one first`,
  importTooMany: (count: number, room: number) =>
    `The file has ${count} prompts but the library has room for ${room} more (at most ${MAX_PROMPTS}); nothing was imported`,
  importNotJson: 'The file is not JSON: nothing was imported',
  importShape: 'The file is not a prompt library export (expected {"prompts": [...]}): nothing was imported',
  importItems: 'Some prompts in the file are not valid: nothing was imported',
  importEmpty: 'The file has no prompts',
  notFound: 'Prompt not found',
  loadFailed: 'Failed to load your prompts',
} as const;

const tagSchema = z.string().trim().min(1).max(MAX_PROMPT_TAG_LENGTH, PROMPT_MESSAGES.tagTooLong);

/** The fields a user writes: POST /prompts and PUT /prompts/{id}, and each item of an import. */
export const promptInputSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, PROMPT_MESSAGES.titleRequired)
    .max(MAX_PROMPT_TITLE_LENGTH, PROMPT_MESSAGES.titleTooLong),
  body: z
    .string()
    .min(1, PROMPT_MESSAGES.bodyRequired)
    .max(MAX_PROMPT_BODY_LENGTH, PROMPT_MESSAGES.bodyTooLong)
    .refine((body) => body.trim() !== '', PROMPT_MESSAGES.bodyRequired),
  description: z
    .string()
    .trim()
    .max(MAX_PROMPT_DESCRIPTION_LENGTH, PROMPT_MESSAGES.descriptionTooLong)
    .optional(),
  tags: z.array(tagSchema).max(MAX_PROMPT_TAGS, PROMPT_MESSAGES.tooManyTags).optional(),
});
export type PromptInput = z.infer<typeof promptInputSchema>;

/** A saved prompt as the API answers it. */
export const promptSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  description: z.string().optional(),
  tags: z.array(z.string()),
  /** Set on a team's prompt (the team's id); absent on the caller's own. */
  teamId: z.string().optional(),
  /** Whether the caller may edit and delete it (their own; a team's for its Admins). */
  editable: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Prompt = z.infer<typeof promptSchema>;

/** GET /prompts[?teamId=&q=]: the caller's own prompts, then the team's (with teamId). */
export const promptListSchema = z.object({ prompts: z.array(promptSchema) });

export const promptListQuerySchema = z.object({
  teamId: z.string().min(1).max(64).optional(),
  q: z.string().max(MAX_PROMPT_QUERY_LENGTH).optional(),
});

export const PROMPT_EXPORT_FORMAT = 'agentforge-prompts';

/** GET /prompts/export[?teamId=]: the owner's prompts as a file POST /prompts/import takes back. */
export const promptExportSchema = z.object({
  format: z.literal(PROMPT_EXPORT_FORMAT),
  version: z.literal(1),
  prompts: z.array(promptInputSchema),
});
export type PromptExport = z.infer<typeof promptExportSchema>;

/** POST /prompts/import: the export's prompts, each checked on its own (the errors name the item). */
export const promptImportBodySchema = z.object({
  prompts: z
    .array(z.unknown())
    .min(1, PROMPT_MESSAGES.importEmpty)
    .max(MAX_PROMPTS, PROMPT_MESSAGES.tooManyPrompts),
});

/** One item of an import that is not a valid prompt: its place in the file (1-based) and why. */
export interface PromptImportError {
  item: number;
  title?: string;
  message: string;
}

/**
 * Checks an import's items all at once: every valid prompt, and an error per invalid item
 * (`Prompt 3 ("Weekly report"): body: A prompt has at most 10,000 characters`). The server and the
 * web both use it, so a bad file is explained before anything is sent, and refused whole.
 */
export function parsePromptImport(items: readonly unknown[]): {
  prompts: PromptInput[];
  errors: PromptImportError[];
} {
  const prompts: PromptInput[] = [];
  const errors: PromptImportError[] = [];
  items.forEach((item, index) => {
    const result = promptInputSchema.safeParse(item);
    if (result.success) {
      prompts.push(result.data);
      return;
    }
    const title = typeof item === 'object' && item && 'title' in item ? item.title : undefined;
    const message = result.error.issues
      .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
      .join('; ');
    errors.push({ item: index + 1, ...(typeof title === 'string' && title ? { title } : {}), message });
  });
  return { prompts, errors };
}

/** The text of an import error, as the API's details and the web show it. */
export const promptImportErrorText = ({ item, title, message }: PromptImportError) =>
  `Prompt ${item}${title ? ` ("${title.slice(0, 40)}")` : ''}: ${message}`;

/** A variable in a prompt's body: `{{name}}` (letters, digits, `_` and `-`; spaces inside the braces ignored). */
const VARIABLE = /\{\{\s*([\p{L}\p{N}_-]{1,40})\s*\}\}/gu;

/** The prompt's variables, each once, in order of first use. */
export function promptVariables(body: string): string[] {
  return [...new Set([...body.matchAll(VARIABLE)].map((match) => match[1] as string))];
}

/** The body with each `{{name}}` replaced by its value (a variable with no value stays as written). */
export function fillPromptVariables(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}

/** Whether the prompt matches a search (title, body, description or a tag, any case). */
export function promptMatches(
  prompt: Pick<PromptInput, 'title' | 'body' | 'description' | 'tags'>,
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [prompt.title, prompt.body, prompt.description ?? '', ...(prompt.tags ?? [])].some((field) =>
    field.toLowerCase().includes(needle),
  );
}
