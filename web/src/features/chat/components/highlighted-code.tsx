import { Highlight, themes } from 'prism-react-renderer';

/** Prism names some languages differently from the fences people write. */
const ALIASES: Readonly<Record<string, string>> = {
  ts: 'typescript',
  js: 'javascript',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  py: 'python',
  yml: 'yaml',
  html: 'markup',
  xml: 'markup',
  golang: 'go',
  rs: 'rust',
};

/** Syntax-highlighted lines (loaded lazily with the highlighter, only once a code block is shown). */
export default function HighlightedCode({ code, language }: { code: string; language: string }) {
  return (
    <Highlight code={code} language={ALIASES[language] ?? language} theme={themes.oneDark}>
      {({ tokens, getLineProps, getTokenProps }) => (
        <code className="block min-w-max">
          {tokens.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their position.
            <span key={i} {...getLineProps({ line })} className="block">
              {line.map((token, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: tokens have no identity but their position.
                <span key={j} {...getTokenProps({ token })} />
              ))}
            </span>
          ))}
        </code>
      )}
    </Highlight>
  );
}
