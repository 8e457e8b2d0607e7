import { previewDocument } from '../../workspace/utils/preview-document';
import type { Artifact } from './artifact';

/**
 * The libraries that render Mermaid and React artifacts inside the sandboxed preview frame: static
 * files of the web app (web/artifact-runtime-plugin.ts), loaded by the frame only when such an
 * artifact is opened (never by the app itself), the only thing the frame's policy lets it load.
 */
const ARTIFACT_RUNTIME = {
  mermaid: '/artifact-runtime/mermaid.js',
  react: '/artifact-runtime/react.js',
} as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A JavaScript string literal of the text that no '</script' in it can end. */
const scriptLiteral = (text: string) =>
  JSON.stringify(text)
    .replace(/<\//g, '<\\/')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const mermaidPage = (code: string) =>
  [
    `<pre class="mermaid">${escapeHtml(code)}</pre>`,
    '<script>function renderDiagram() {',
    "  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });",
    '  mermaid.run().catch(function (error) { console.error(error && error.message ? error.message : error); });',
    '}</script>',
    `<script src="${ARTIFACT_RUNTIME.mermaid}" onload="renderDiagram()"></script>`,
  ].join('\n');

// The runtime reads the component's source from `artifactSource` and renders it into #root.
const reactPage = (code: string) =>
  [
    '<div id="root"></div>',
    `<script>var artifactSource = ${scriptLiteral(code)};</script>`,
    `<script src="${ARTIFACT_RUNTIME.react}"></script>`,
  ].join('\n');

/** The page the preview frame renders for an artifact (the workspace's preview page and relay). */
export function artifactDocument(artifact: Artifact): string {
  const markup =
    artifact.kind === 'mermaid'
      ? mermaidPage(artifact.code)
      : artifact.kind === 'react'
        ? reactPage(artifact.code)
        : artifact.code;
  return previewDocument([{ path: 'artifact.html', content: markup }]);
}
