import { type ComponentProps, memo } from 'react';
import Markdown, {
  type Components,
  defaultUrlTransform,
  type ExtraProps,
  type UrlTransform,
} from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { ArtifactCard } from '../../artifacts/components/artifact-card';
import { useArtifactOpener } from '../../artifacts/components/artifact-host';
import { artifactOfBlock } from '../../artifacts/utils/artifact';
import { CodeBlock } from './code-block';
import { SafeImage } from './safe-image';

type HastNode = NonNullable<ExtraProps['node']>;
type HastChild = HastNode['children'][number];

function textOf(node: HastChild | HastNode): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map((child) => textOf(child as HastChild)).join('');
  return '';
}

function languageOf(node: HastNode): string {
  const classes = node.properties.className;
  const names = Array.isArray(classes) ? classes.map(String) : [];
  return names.find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? '';
}

/**
 * A fenced block becomes a CodeBlock (highlighting, copy), or in a chat an artifact's card when it
 * is one (an HTML page, an SVG, a Mermaid diagram, a React component); inline code is styled by `code`.
 */
function Pre({ node, children }: ComponentProps<'pre'> & ExtraProps) {
  const openArtifact = useArtifactOpener();
  const code = node?.children[0];
  if (code?.type === 'element' && code.tagName === 'code') {
    const block = { code: textOf(code).replace(/\n$/, ''), language: languageOf(code) };
    const meta = code.data && 'meta' in code.data && typeof code.data.meta === 'string' ? code.data.meta : '';
    const artifact = openArtifact ? artifactOfBlock({ ...block, meta }) : null;
    if (artifact && openArtifact)
      return <ArtifactCard artifact={artifact} onOpen={() => openArtifact(artifact)} />;
    return <CodeBlock {...block} />;
  }
  return (
    <pre className="theme-light my-4 overflow-x-auto rounded-xl bg-slate-900 p-4 text-slate-100">
      {children}
    </pre>
  );
}

const components: Components = {
  pre: Pre,
  img: SafeImage,
  code: ({ node: _node, ...props }) => (
    <code
      className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[0.85em] text-slate-800"
      {...props}
    />
  ),
  p: ({ node: _node, ...props }) => <p className="my-3 first:mt-0 last:mb-0" {...props} />,
  a: ({ node: _node, ...props }) => (
    <a
      className="font-medium text-indigo-600 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600"
      target="_blank"
      rel="noopener noreferrer"
      {...props}
    />
  ),
  ul: ({ node: _node, ...props }) => (
    <ul className="my-3 list-disc space-y-1 pl-6 marker:text-slate-400" {...props} />
  ),
  ol: ({ node: _node, ...props }) => (
    <ol className="my-3 list-decimal space-y-1 pl-6 marker:text-slate-500" {...props} />
  ),
  h1: ({ node: _node, ...props }) => <h1 className="mt-6 mb-3 text-xl font-semibold first:mt-0" {...props} />,
  h2: ({ node: _node, ...props }) => <h2 className="mt-6 mb-3 text-lg font-semibold first:mt-0" {...props} />,
  h3: ({ node: _node, ...props }) => (
    <h3 className="mt-5 mb-2 text-base font-semibold first:mt-0" {...props} />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="my-3 border-l-4 border-slate-200 pl-4 text-slate-600" {...props} />
  ),
  hr: () => <hr className="my-6 border-slate-200" />,
  table: ({ node: _node, ...props }) => (
    <div className="my-4 overflow-x-auto rounded-lg ring-1 ring-slate-200">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => (
    <th className="border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold" {...props} />
  ),
  td: ({ node: _node, ...props }) => <td className="border-b border-slate-100 px-3 py-2" {...props} />,
};

const remarkPlugins = [remarkGfm];

/** react-markdown's safe URLs, plus inline raster images (never scriptable SVG). */
const urlTransform: UrlTransform = (url, key) =>
  key === 'src' && /^data:image\/(png|jpeg|gif|webp);base64,/i.test(url) ? url : defaultUrlTransform(url);

/**
 * A message's Markdown (GitHub flavoured: tables, task lists, strikethrough, autolinks). The
 * default export, loaded lazily by `MarkdownContent`: the Markdown parser is the chat's heaviest
 * library, and a chat with no reply yet does not need it.
 */
export default memo(function MarkdownRenderer({ content }: { content: string }) {
  return (
    <div className="text-[15px] leading-7 break-words text-slate-800">
      <Markdown remarkPlugins={remarkPlugins} components={components} urlTransform={urlTransform}>
        {content}
      </Markdown>
    </div>
  );
});
