import { describe, expect, it } from 'vitest';
import { previewDocument } from './preview-document';

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('previewDocument', () => {
  const files = [
    { path: 'b.html', content: '<p id="b">B</p>' },
    {
      path: 'a.html',
      content: '<p id="a" onclick="go()">A</p><script>window.inline = 1</script>',
    },
    { path: 'style.css', content: 'p { color: red } /* </style><script>alert(1)</script> */' },
    { path: 'app.js', content: 'document.title = "</script><b>not markup</b>";' },
    { path: 'notes.md', content: '# left out' },
  ];

  it('joins the HTML files in path order, the CSS as styles, and leaves other files out', () => {
    const doc = parse(previewDocument(files));
    expect([...doc.body.querySelectorAll('p')].map((p) => p.id)).toEqual(['a', 'b']);
    expect(doc.head.querySelectorAll('style')).toHaveLength(1);
    expect(doc.head.querySelector('style')?.textContent).toContain('p { color: red }');
    expect(doc.body.textContent).not.toContain('# left out');
    // Neither a CSS file nor a JavaScript file can end its element and add markup.
    expect(doc.querySelectorAll('b')).toHaveLength(0);
  });

  it("keeps the HTML's inline scripts and handlers as written, and runs the JavaScript files after the markup", () => {
    const doc = parse(previewDocument(files));
    expect(doc.getElementById('a')?.getAttribute('onclick')).toBe('go()');
    const scripts = [...doc.body.querySelectorAll('script')].map((s) => s.textContent?.trim());
    expect(scripts).toEqual(['window.inline = 1', 'document.title = "<\\/script><b>not markup</b>";']);
  });

  it('relays the page’s script errors to the app first thing', () => {
    const doc = parse(previewDocument(files));
    const relay = doc.head.querySelector('script')?.textContent ?? '';
    expect(relay).toContain("addEventListener('error'");
    expect(relay).toContain('agentforge-preview-error');
    expect(relay).toContain('location.origin');
  });
});
