/**
 * The rendered preview: a sandboxed iframe with scripts but without `allow-same-origin`, so its
 * document has an opaque origin: it cannot read the app's storage, cookies or DOM, and its
 * requests carry no credentials of the app. Its content is the srcdoc (it inherits the app's CSP).
 */
export function PreviewFrame({ document }: { document: string }) {
  return (
    <iframe
      title="Preview"
      sandbox="allow-scripts"
      srcDoc={document}
      referrerPolicy="no-referrer"
      className="h-full w-full rounded-lg border border-slate-200 bg-white"
    />
  );
}
