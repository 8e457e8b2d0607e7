import mermaid from 'mermaid';
import { artifactSourceAndRoot } from './runtime-globals';

/**
 * Renders a Mermaid artifact inside the sandboxed preview frame (bundled as a static file of its
 * own by web/artifact-runtime-plugin.ts: never part of the app's bundles). Mermaid's strict
 * security level: no scripts or click handlers from the diagram.
 */
const { source, root } = artifactSourceAndRoot();
mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
mermaid.render('artifact-diagram', source).then(
  ({ svg }) => {
    root.innerHTML = svg;
  },
  (error: unknown) => console.error(error instanceof Error ? error.message : String(error)),
);
