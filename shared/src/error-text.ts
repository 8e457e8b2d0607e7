/** The message of anything thrown: an Error's message, else the value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What formatIssues reads of a zod issue (zod's own `$ZodIssue` fits). */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Validation issues as one line: `path.to.field: message; other: message` (no path: the message). */
export function formatIssues(issues: readonly IssueLike[]): string {
  return issues
    .map((issue) =>
      issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}
