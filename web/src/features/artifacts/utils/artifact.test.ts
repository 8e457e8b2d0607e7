import { describe, expect, it } from 'vitest';
import { artifactFile, artifactOfBlock } from './artifact';
import { artifactVersions, fencedBlocks } from './artifact-versions';

const fence = (info: string, code: string) => `\`\`\`${info}\n${code}\n\`\`\``;

describe('artifactOfBlock', () => {
  it('takes HTML, SVG (also as xml), Mermaid and a React component; not other code', () => {
    expect(artifactOfBlock({ language: 'html', code: '<p>Hi</p>' })?.kind).toBe('html');
    expect(artifactOfBlock({ language: 'svg', code: '<svg></svg>' })?.kind).toBe('svg');
    expect(artifactOfBlock({ language: 'xml', code: '<?xml version="1.0"?>\n<svg width="1"/>' })?.kind).toBe(
      'svg',
    );
    expect(artifactOfBlock({ language: 'xml', code: '<note/>' })).toBeNull();
    expect(artifactOfBlock({ language: 'mermaid', code: 'graph TD; A-->B' })?.kind).toBe('mermaid');
    expect(artifactOfBlock({ language: 'jsx', code: 'export default function Counter() {}' })?.kind).toBe(
      'react',
    );
    expect(artifactOfBlock({ language: 'tsx', code: 'function App() { return <b/>; }' })?.title).toBe('App');
    // A snippet that is no component, plain JavaScript, an empty block: code as ever.
    expect(artifactOfBlock({ language: 'jsx', code: 'const x = <b/>;' })).toBeNull();
    expect(artifactOfBlock({ language: 'js', code: 'export default 1' })).toBeNull();
    expect(artifactOfBlock({ language: 'html', code: '  \n' })).toBeNull();
  });

  it("reads the model's explicit artifact: id and title from the info string", () => {
    const artifact = artifactOfBlock({
      language: 'html',
      meta: 'artifact id="landing" title="Landing page"',
      code: '<title>Ignored</title>',
    });
    expect(artifact).toMatchObject({ title: 'Landing page', id: 'landing', versionKey: 'id:landing' });
    // An explicit jsx artifact needs no default export.
    expect(artifactOfBlock({ language: 'jsx', meta: 'artifact', code: 'const x = <b/>;' })?.kind).toBe(
      'react',
    );
  });

  it('titles an artifact from its content, else by its kind (a one-off, without versions)', () => {
    expect(artifactOfBlock({ language: 'html', code: '<title>Sales</title>' })).toMatchObject({
      title: 'Sales',
      versionKey: 'title:html:sales',
    });
    expect(artifactOfBlock({ language: 'mermaid', code: 'graph TD; A-->B' })).toMatchObject({
      title: 'Mermaid diagram',
      versionKey: null,
    });
  });

  it('downloads with the extension and type of its kind', () => {
    const file = (language: string, code: string, meta = '') =>
      artifactFile(artifactOfBlock({ language, meta, code }) ?? expect.fail('no artifact'));
    expect(file('html', '<p/>', 'artifact title="A/B: test"')).toEqual({
      name: 'A-B- test.html',
      type: 'text/html',
    });
    expect(file('svg', '<svg/>')).toEqual({ name: 'SVG image.svg', type: 'image/svg+xml' });
    expect(file('mermaid', 'graph TD')).toEqual({ name: 'Mermaid diagram.mmd', type: 'text/vnd.mermaid' });
    expect(file('tsx', 'function App() {}')).toEqual({ name: 'App.tsx', type: 'text/jsx' });
  });
});

describe('fencedBlocks', () => {
  it('finds fenced blocks with their language and info string, whatever the fence', () => {
    const markdown = [
      'Text',
      fence('html artifact id="a"', '<p>1</p>'),
      '~~~~svg',
      '<svg>```</svg>',
      '~~~~',
      '    ```not a fence (indented code)',
    ].join('\n');
    expect(fencedBlocks(markdown)).toEqual([
      { language: 'html', meta: 'artifact id="a"', code: '<p>1</p>' },
      { language: 'svg', meta: '', code: '<svg>```</svg>' },
    ]);
  });
});

describe('artifactVersions', () => {
  const v1 = fence('html artifact id="page" title="Page"', '<p>1</p>');
  const v2 = fence('html artifact id="page" title="Page, revised"', '<p>2</p>');
  const other = fence('html artifact id="other"', '<p>x</p>');

  it('lists the blocks with the same id in the replies, oldest first, at the one opened', () => {
    const opened = artifactOfBlock({
      language: 'html',
      meta: 'artifact id="page" title="Page"',
      code: '<p>1</p>',
    });
    const { versions, index } = artifactVersions([v1, `${other}\n${v2}`], opened ?? expect.fail());
    expect(versions.map((version) => version.code)).toEqual(['<p>1</p>', '<p>2</p>']);
    expect(index).toBe(0);
  });

  it('groups by title where there is no id; an untitled one stands alone', () => {
    const titled = (n: number) => fence('html', `<title>Chart</title><p>${n}</p>`);
    const last = artifactOfBlock({ language: 'html', code: '<title>Chart</title><p>3</p>' }) ?? expect.fail();
    expect(artifactVersions([titled(1), titled(2), titled(3)], last)).toMatchObject({ index: 2 });
    const diagram = artifactOfBlock({ language: 'mermaid', code: 'graph TD' }) ?? expect.fail();
    expect(artifactVersions([fence('mermaid', 'graph TD'), fence('mermaid', 'graph TD')], diagram)).toEqual({
      versions: [diagram],
      index: 0,
    });
  });
});
