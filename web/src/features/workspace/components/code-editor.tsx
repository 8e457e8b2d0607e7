import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror, { type ViewUpdate } from '@uiw/react-codemirror';
import { useEffect, useMemo, useState } from 'react';

/** The syntax of a language (languageOfPath's names), each loaded on first use; none for plain text. */
async function loadSyntax(language: string): Promise<Extension[]> {
  switch (language) {
    case 'html':
      return [(await import('@codemirror/lang-html')).html()];
    case 'css':
      return [(await import('@codemirror/lang-css')).css()];
    case 'javascript':
    case 'jsx':
    case 'typescript':
    case 'tsx': {
      const { javascript } = await import('@codemirror/lang-javascript');
      return [javascript({ jsx: language.endsWith('x'), typescript: language.startsWith('t') })];
    }
    case 'json':
      return [(await import('@codemirror/lang-json')).json()];
    case 'markdown':
      return [(await import('@codemirror/lang-markdown')).markdown()];
    case 'python':
      return [(await import('@codemirror/lang-python')).python()];
    default:
      return [];
  }
}

/** The language's syntax once loaded (none until then: the text shows at once, highlighted a moment later). */
function useSyntax(language: string): Extension[] {
  const [loaded, setLoaded] = useState<{ language: string; syntax: Extension[] } | null>(null);
  useEffect(() => {
    let current = true;
    void loadSyntax(language).then((syntax) => {
      if (current) setLoaded({ language, syntax });
    });
    return () => {
      current = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.syntax : [];
}

export type CodeEditorProps = {
  path: string;
  language: string;
  value: string;
  onChange: (value: string) => void;
  /** The selected text ('' when nothing is selected). */
  onSelectionChange: (selection: string) => void;
};

/**
 * The workspace's editor: CodeMirror 6 with the file type's highlighting. Loaded on demand (a
 * chunk of its own). Tab moves focus on, as everywhere else in the app (no Tab trap): indent
 * with the toolbar's keys or Ctrl+].
 */
export default function CodeEditor({ path, language, value, onChange, onSelectionChange }: CodeEditorProps) {
  const syntax = useSyntax(language);
  const extensions = useMemo(
    () => [
      ...syntax,
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': `Code of ${path}` }),
    ],
    [syntax, path],
  );
  const onUpdate = (update: ViewUpdate) => {
    if (!update.selectionSet && !update.docChanged) return;
    const { from, to } = update.state.selection.main;
    onSelectionChange(update.state.sliceDoc(from, to));
  };
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      onUpdate={onUpdate}
      extensions={extensions}
      indentWithTab={false}
      height="100%"
      // The light palette in the dark theme too: CodeMirror's One Dark colours fall short of AA contrast.
      className="theme-light h-full bg-white text-sm text-slate-900"
      basicSetup={{ foldGutter: false }}
    />
  );
}
