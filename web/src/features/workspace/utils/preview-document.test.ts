import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPT_ATTRIBUTE, previewDocument } from './preview-document';

const RUNNER = 'https://app.example/workspace-preview-runner.js';

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('previewDocument', () => {
  const files = [
    { path: 'b.html', content: '<p id="b">B</p>' },
    {
      path: 'a.html',
      content: '<p id="a">A</p><script>window.inline = 1</script><script src="x.js"></script>',
    },
    { path: 'style.css', content: 'p { color: red } /* </style><script>alert(1)</script> */' },
    { path: 'app.js', content: 'document.title = "</script><b>not markup</b>";' },
    { path: 'notes.md', content: '# left out' },
  ];

  it('joins the HTML files in path order, the CSS as styles, and leaves other files out', () => {
    const doc = parse(previewDocument(files, RUNNER));
    expect([...doc.body.querySelectorAll('p')].map((p) => p.id)).toEqual(['a', 'b']);
    expect(doc.head.querySelectorAll('style')).toHaveLength(1);
    expect(doc.head.querySelector('style')?.textContent).toContain('p { color: red }');
    expect(doc.body.textContent).not.toContain('# left out');
    // A CSS file cannot end its <style> and add markup.
    expect(doc.querySelectorAll('b, script:not([type]):not([src])')).toHaveLength(0);
  });

  it("hands every script to the runner: the JavaScript files as JSON, the HTML's inline scripts marked not to run", () => {
    const doc = parse(previewDocument(files, RUNNER));
    const data = doc.getElementById('preview-scripts');
    expect(data?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(data?.textContent ?? '')).toEqual(['document.title = "</script><b>not markup</b>";']);
    const inline = doc.querySelector(`script[${INLINE_SCRIPT_ATTRIBUTE}]`);
    expect(inline?.getAttribute('type')).toBe('text/plain');
    expect(inline?.textContent).toBe('window.inline = 1');
    // The runner is the last script, from the app.
    const scripts = [...doc.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));
    expect(scripts.at(-1)).toBe(RUNNER);
  });

  it('narrows its own script policy to the runner and blob: (never inline), whatever the app allows', () => {
    const doc = parse(previewDocument(files, RUNNER));
    const meta = doc.head.querySelector('meta[http-equiv="Content-Security-Policy"]');
    expect(meta?.getAttribute('content')).toBe(
      `script-src ${RUNNER} blob:; object-src 'none'; base-uri 'none'`,
    );
    expect(doc.head.firstElementChild?.getAttribute('charset')).toBe('utf-8');
  });
});
