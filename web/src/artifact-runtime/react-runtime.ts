import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { transform } from 'sucrase';
import { artifactSourceAndRoot } from './runtime-globals';

/**
 * Renders a React component artifact inside the sandboxed preview frame (bundled as a static file
 * of its own by web/artifact-runtime-plugin.ts: never part of the app's bundles). Sucrase turns
 * its JSX/TypeScript and imports into a CommonJS function body, run as an inline script (the
 * frame's policy has no 'unsafe-eval'); it may import React only.
 */
const MODULES: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  'react/jsx-runtime': JsxRuntime,
};

type ArtifactModule = { exports: Record<string, unknown> };

declare global {
  var artifactModule: { require: (name: string) => unknown; module: ArtifactModule; React: typeof React };
}

const { source, root } = artifactSourceAndRoot();
const { code } = transform(source, { transforms: ['jsx', 'typescript', 'imports'], production: true });
const module: ArtifactModule = { exports: {} };
globalThis.artifactModule = {
  require: (name) => {
    if (name in MODULES) return MODULES[name];
    throw new Error(`An artifact can import React only, not '${name}'.`);
  },
  module,
  React,
};
const script = document.createElement('script');
script.textContent = [
  '(function (require, module, exports, React) {',
  code,
  "if (typeof App === 'function' && !module.exports.default) module.exports.App = App;",
  '})(artifactModule.require, artifactModule.module, artifactModule.module.exports, artifactModule.React);',
].join('\n');
document.head.append(script);

const Component = module.exports.default ?? module.exports.App;
if (typeof Component !== 'function') {
  throw new Error('The artifact has no component to render: export one as default, or name it App.');
}
ReactDOMClient.createRoot(root).render(React.createElement(Component as React.ComponentType));
