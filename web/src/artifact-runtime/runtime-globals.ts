/**
 * What the artifact's page (web/src/features/artifacts/utils/artifact-document.ts) gives the
 * runtimes: the artifact's source, and the element to render it into.
 */
declare global {
  var artifactSource: string | undefined;
}

export function artifactSourceAndRoot(): { source: string; root: HTMLElement } {
  const root = document.getElementById('root');
  if (typeof globalThis.artifactSource !== 'string' || !root) throw new Error('No artifact to render.');
  return { source: globalThis.artifactSource, root };
}
