// Runs the code workspace preview's scripts (see web/src/features/workspace/utils/preview-document.ts).
// The preview is a sandboxed srcdoc iframe (an opaque origin: no access to the app's storage or DOM)
// under the app's CSP, which runs no inline scripts: each script runs from a blob: URL, in order,
// the HTML files' inline scripts first, then the JavaScript files.
(() => {
  const inline = [...document.querySelectorAll('script[data-preview-inline]')].map(
    (s) => s.textContent || '',
  );
  const data = document.getElementById('preview-scripts');
  const files = data ? JSON.parse(data.textContent || '[]') : [];
  const sources = [...inline, ...files];
  const run = (index) => {
    if (index >= sources.length) return;
    const script = document.createElement('script');
    script.src = URL.createObjectURL(new Blob([sources[index]], { type: 'text/javascript' }));
    script.onload = script.onerror = () => {
      URL.revokeObjectURL(script.src);
      run(index + 1);
    };
    document.body.append(script);
  };
  run(0);
})();
