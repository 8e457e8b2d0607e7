import { previewDocument } from '../../workspace/utils/preview-document';
import type { Artifact } from './artifact';

/**
 * The libraries that render Mermaid and React artifacts inside the sandboxed preview frame: static
 * files of the web app (web/artifact-runtime-plugin.ts), loaded by the frame only when such an
 * artifact is opened (never by the app itself), the only thing the frame's policy lets it load
 * besides the page itself.
 */
const ARTIFACT_RUNTIME = {
  mermaid: '/artifact-runtime/mermaid.js',
  react: '/artifact-runtime/react.js',
} as const;

/** A JavaScript string literal of the text that no '</script' in it can end. */
const scriptLiteral = (text: string) =>
  JSON.stringify(text)
    .replace(/<\//g, '<\\/')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A page whose runtime (web/src/artifact-runtime) renders the source into #root. */
const runtimePage = (runtime: string, code: string) =>
  [
    '<div id="root"></div>',
    `<script>var artifactSource = ${scriptLiteral(code)};</script>`,
    `<script src="${runtime}"></script>`,
  ].join('\n');

/** The page the preview frame renders for an artifact (the workspace's preview page and relay). */
export function artifactDocument(artifact: Artifact): string {
  const markup =
    artifact.kind === 'mermaid' || artifact.kind === 'react'
      ? runtimePage(ARTIFACT_RUNTIME[artifact.kind], artifact.code)
      : artifact.code;
  return previewDocument([{ path: 'artifact.html', content: markup }]);
}
