/**
 * Artifacts: a reply's fenced block that renders as a page of its own (docs/decisions/chat.md,
 * "Artifacts"). A block is one when its language is html, svg, mermaid, or jsx/tsx holding a React
 * component; the model names one explicitly with `artifact` in the info string and, optionally, a
 * title and an id (```html artifact id="landing" title="Landing page"```): a later block with the
 * same id (or title) in the conversation is a new version of it.
 */
export type ArtifactKind = 'html' | 'svg' | 'mermaid' | 'react';

export type Artifact = {
  kind: ArtifactKind;
  /** The fence's language (jsx or tsx for a component: the download's extension). */
  language: string;
  code: string;
  title: string;
  /** The model's id for it, when it gave one. */
  id?: string;
  /** Versions of the same artifact share this key (its id, or a title it was given); none: a one-off. */
  versionKey: string | null;
};

/** What the panel says each kind is, and how it is downloaded. */
export const ARTIFACT_KINDS: Record<ArtifactKind, { label: string; extension: string; type: string }> = {
  html: { label: 'HTML page', extension: 'html', type: 'text/html' },
  svg: { label: 'SVG image', extension: 'svg', type: 'image/svg+xml' },
  mermaid: { label: 'Mermaid diagram', extension: 'mmd', type: 'text/vnd.mermaid' },
  react: { label: 'React component', extension: 'jsx', type: 'text/jsx' },
};

const COMPONENT = /\bexport\s+default\b|\b(?:function|const|let|class)\s+App\b/;

function kindOf(language: string, code: string): ArtifactKind | null {
  switch (language) {
    case 'html':
    case 'htm':
      return 'html';
    case 'svg':
      return 'svg';
    case 'xml':
      return /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(code) ? 'svg' : null;
    case 'mermaid':
      return 'mermaid';
    case 'jsx':
    case 'tsx':
      return COMPONENT.test(code) ? 'react' : null;
    default:
      return null;
  }
}

/** `key="value"` pairs and bare words of a fence's info string after its language. */
function metaOf(meta: string): { words: Set<string>; values: Map<string, string> } {
  const values = new Map<string, string>();
  for (const [, key, value] of meta.matchAll(/(\w+)="([^"]*)"/g)) {
    if (key && value !== undefined) values.set(key.toLowerCase(), value.trim());
  }
  const words = new Set(
    meta
      .replace(/\w+="[^"]*"/g, ' ')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean),
  );
  return { words, values };
}

/** A title the content gives itself: a page's or an image's <title>, a component's name. */
function ownTitle(kind: ArtifactKind, code: string): string | undefined {
  if (kind === 'html' || kind === 'svg') return /<title[^>]*>([^<]{1,120})<\/title>/i.exec(code)?.[1]?.trim();
  if (kind === 'react') {
    return (
      /\bexport\s+default\s+(?:function|class)\s+([A-Z]\w*)/.exec(code)?.[1] ??
      (/\b(?:function|const|let|class)\s+App\b/.test(code) ? 'App' : undefined)
    );
  }
  return undefined;
}

/** The artifact a fenced block is, or null for ordinary code. */
export function artifactOfBlock(block: { language: string; meta?: string; code: string }): Artifact | null {
  const language = block.language.toLowerCase();
  const { words, values } = metaOf(block.meta ?? '');
  const explicit = words.has('artifact');
  const kind = kindOf(language, block.code) ?? (explicit && /^(jsx|tsx)$/.test(language) ? 'react' : null);
  if (!kind || block.code.trim() === '') return null;
  const id = values.get('id') || undefined;
  const given = values.get('title') || ownTitle(kind, block.code);
  const title = given ?? ARTIFACT_KINDS[kind].label;
  const versionKey = id ? `id:${id}` : given ? `title:${kind}:${given.toLowerCase()}` : null;
  return { kind, language, code: block.code, title, ...(id ? { id } : {}), versionKey };
}

/** The name and type it downloads as (and the workspace file it opens as). */
export function artifactFile(artifact: Artifact): { name: string; type: string } {
  const { extension, type } = ARTIFACT_KINDS[artifact.kind];
  const slug =
    artifact.title
      .replace(/[^A-Za-z0-9 ._-]+/g, '-')
      .slice(0, 60)
      .replace(/^[-. ]+|[-. ]+$/g, '') || 'artifact';
  return { name: `${slug}.${artifact.kind === 'react' ? artifact.language : extension}`, type };
}
