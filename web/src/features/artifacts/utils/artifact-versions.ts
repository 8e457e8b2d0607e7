import { type Artifact, artifactOfBlock } from './artifact';

const OPENING = /^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)(.*)$/;

/** The fenced code blocks of a Markdown text (CommonMark's fences: ``` or ~~~, closed by a longer or equal run). */
export function fencedBlocks(markdown: string): { language: string; meta: string; code: string }[] {
  const blocks: { language: string; meta: string; code: string }[] = [];
  let open: { indent: number; fence: string; language: string; meta: string; lines: string[] } | null = null;
  for (const line of markdown.split('\n')) {
    if (open === null) {
      const match = OPENING.exec(line);
      if (match?.[2] && !(match[2][0] === '`' && match[4]?.includes('`'))) {
        open = {
          indent: match[1]?.length ?? 0,
          fence: match[2],
          language: match[3] ?? '',
          meta: (match[4] ?? '').trim(),
          lines: [],
        };
      }
      continue;
    }
    const trimmed = line.trim();
    if (trimmed.startsWith(open.fence) && /^(`+|~+)$/.test(trimmed) && trimmed[0] === open.fence[0]) {
      blocks.push({ language: open.language, meta: open.meta, code: open.lines.join('\n') });
      open = null;
    } else {
      open.lines.push(line.replace(new RegExp(`^ {0,${open.indent}}`), ''));
    }
  }
  return blocks;
}

/**
 * The versions of an artifact in a conversation's replies (oldest first) and which one it is: the
 * blocks of the replies shown with its key (its id or title); a one-off is its only version.
 */
export function artifactVersions(
  replies: readonly string[],
  artifact: Artifact,
): { versions: Artifact[]; index: number } {
  if (artifact.versionKey === null) return { versions: [artifact], index: 0 };
  const versions = replies.flatMap((reply) =>
    fencedBlocks(reply)
      .map(artifactOfBlock)
      .filter((found): found is Artifact => found?.versionKey === artifact.versionKey),
  );
  const index = versions.findLastIndex((version) => version.code === artifact.code);
  // Not among the replies (a reply still being written, a plan step's output): shown alone.
  return index === -1 ? { versions: [artifact], index: 0 } : { versions, index };
}
