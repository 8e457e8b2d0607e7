import * as z from 'zod';

/** A file of the demo editor screen; a blank name is ignored. */
export const demoFileSchema = z.object({
  /** Creation timestamp (epoch milliseconds). */
  id: z.number(),
  name: z.string().trim().min(1),
  content: z.string(),
});
export type DemoFile = z.infer<typeof demoFileSchema>;

/** Files one user may keep in the code workspace. */
export const MAX_WORKSPACE_FILES = 50;
/** A workspace file's path, in characters. */
export const MAX_WORKSPACE_PATH_LENGTH = 200;
/** A workspace file's content, in UTF-8 bytes (the list of all files stays well inside a Lambda response). */
export const MAX_WORKSPACE_FILE_BYTES = 64 * 1024;

/** The file a new user's workspace starts with (spec 3 "Demo file"). */
export const WORKSPACE_DEMO_FILE = {
  path: 'demo.js',
  content: [
    '// Your workspace: files are saved as you type.',
    "// 'Render Preview' joins the HTML, CSS and JavaScript files into one page.",
    "const heading = document.createElement('h1');",
    "heading.textContent = 'Hello from the workspace';",
    'document.body.append(heading);',
    '',
  ].join('\n'),
} as const;

export const WORKSPACE_MESSAGES = {
  pathRequired: 'Enter a file name',
  pathTooLong: `A file path has at most ${MAX_WORKSPACE_PATH_LENGTH} characters`,
  pathAbsolute: "A file path may not start or end with '/'",
  pathEmptySegment: "A file path may not contain '//'",
  pathDotSegment: "A file path may not contain '.' or '..' as a name",
  pathCharacters: "A file name may hold letters, digits, spaces, '.', '_' and '-' ('/' separates folders)",
  contentTooLarge: `A file holds at most ${MAX_WORKSPACE_FILE_BYTES / 1024} KB`,
  tooManyFiles: `A workspace holds at most ${MAX_WORKSPACE_FILES} files; delete one first`,
  fileExists: 'A file with this name already exists',
  fileNotFound: 'File not found',
  loadFailed: 'Failed to load your files',
  saveFailed: 'Failed to save the file',
} as const;

const SEGMENT = /^[\p{L}\p{N}_. -]+$/u;

/**
 * A workspace file path (`src/app.js`): names separated by '/', relative (no leading '/'), no
 * empty, '.' or '..' names, letters, digits, spaces, '.', '_' and '-' only. Checked in this order.
 */
export const workspacePathSchema = z
  .string()
  .min(1, WORKSPACE_MESSAGES.pathRequired)
  .max(MAX_WORKSPACE_PATH_LENGTH, WORKSPACE_MESSAGES.pathTooLong)
  .superRefine((path, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!path || path.length > MAX_WORKSPACE_PATH_LENGTH) return; // one message: the length's
    if (path.startsWith('/') || path.endsWith('/')) return fail(WORKSPACE_MESSAGES.pathAbsolute);
    const segments = path.split('/');
    if (segments.some((segment) => segment === '')) return fail(WORKSPACE_MESSAGES.pathEmptySegment);
    if (segments.some((segment) => segment === '.' || segment === '..'))
      return fail(WORKSPACE_MESSAGES.pathDotSegment);
    if (segments.some((segment) => !SEGMENT.test(segment) || segment.trim() !== segment))
      return fail(WORKSPACE_MESSAGES.pathCharacters);
  });

export const workspaceContentSchema = z
  .string()
  .refine(
    (content) => new TextEncoder().encode(content).length <= MAX_WORKSPACE_FILE_BYTES,
    WORKSPACE_MESSAGES.contentTooLarge,
  );

/** A saved workspace file, as the API answers it. */
export const workspaceFileSchema = z.object({
  path: z.string(),
  content: z.string(),
  /** Epoch milliseconds: the demo file's `id`. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type WorkspaceFile = z.infer<typeof workspaceFileSchema>;

/** GET /workspace/files */
export const workspaceFileListSchema = z.object({ files: z.array(workspaceFileSchema) });
export type WorkspaceFileList = z.infer<typeof workspaceFileListSchema>;

/** PUT /workspace/files: creates the file or replaces its content. */
export const putWorkspaceFileBodySchema = z.object({
  path: workspacePathSchema,
  content: workspaceContentSchema,
});
export type PutWorkspaceFileBody = z.infer<typeof putWorkspaceFileBodySchema>;

/** DELETE /workspace/files?path= */
export const workspacePathQuerySchema = z.object({ path: workspacePathSchema });

/** POST /workspace/files/rename */
export const renameWorkspaceFileBodySchema = z.object({ from: workspacePathSchema, to: workspacePathSchema });
export type RenameWorkspaceFileBody = z.infer<typeof renameWorkspaceFileBodySchema>;

/** The file name the demo screen's 'Enter file name' box makes of its text; null when blank (ignored, spec 5). */
export function newFileName(text: string): string | null {
  const name = text.trim();
  return name ? name : null;
}

/** The editor's language of a path, by extension (also the fenced block's info string). */
export function languageOfPath(path: string): string {
  const extension = path.includes('.') ? (path.split('.').pop() ?? '').toLowerCase() : '';
  return LANGUAGE_BY_EXTENSION[extension] ?? 'text';
}

const LANGUAGE_BY_EXTENSION: Readonly<Record<string, string>> = {
  html: 'html',
  htm: 'html',
  css: 'css',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  tsx: 'tsx',
  json: 'json',
  md: 'markdown',
  markdown: 'markdown',
  py: 'python',
};
