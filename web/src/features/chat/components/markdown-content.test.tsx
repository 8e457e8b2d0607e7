import { render, screen } from '@testing-library/react';
import Markdown from 'react-markdown';
import { describe, expect, it, vi } from 'vitest';
import { finishedBlocksEnd, MarkdownContent } from './markdown-content';

vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-markdown')>();
  return { ...actual, default: vi.fn(actual.default) };
});

/** The texts the Markdown parser was given since the last clear. */
const parsed = () => vi.mocked(Markdown).mock.calls.map(([props]) => props.children);

// The first test loads the parser's chunk (lazily, as the app does): seconds on a busy machine.
describe('MarkdownContent', { timeout: 20_000 }, () => {
  it('shows the text at once and its Markdown once the parser has loaded', async () => {
    const { container } = render(<MarkdownContent content={'**Bold** claim\n\n| a |\n| - |\n| 1 |'} />);
    expect(container.textContent).toContain('**Bold** claim');
    expect(await screen.findByRole('table', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
  });

  it('parses only the block being written as a reply streams, and the whole reply once complete', async () => {
    const reply = (content: string, streaming: boolean) => (
      <MarkdownContent content={content} streaming={streaming} />
    );
    const { rerender } = render(reply('**First** paragraph.\n\nSecond', true));
    await screen.findByText('First', {}, { timeout: 10_000 });
    vi.mocked(Markdown).mockClear();

    rerender(reply('**First** paragraph.\n\nSecond grows', true));
    await screen.findByText('Second grows');
    expect(parsed()).toEqual(['Second grows']);

    rerender(reply('**First** paragraph.\n\nSecond grows.', false));
    await screen.findByText('Second grows.');
    expect(parsed().at(-1)).toBe('**First** paragraph.\n\nSecond grows.');
    expect(screen.getByText('First').tagName).toBe('STRONG');
  });
});

describe('finishedBlocksEnd', () => {
  it('ends before the last block starting at the margin, never inside a code fence', () => {
    expect(finishedBlocksEnd('One line')).toBe(0);
    expect(finishedBlocksEnd('One.\n\nTwo')).toBe('One.\n\n'.length);
    // An indented line after a blank one may continue a list item: not a new block.
    expect(finishedBlocksEnd('- item\n\n  more')).toBe(0);
    expect(finishedBlocksEnd('Intro\n\n```ts\nconst a = 1;\n\nconst b')).toBe('Intro\n\n'.length);
    expect(finishedBlocksEnd('```ts\nconst a = 1;\n```\n\nAfter')).toBe(
      '```ts\nconst a = 1;\n```\n\n'.length,
    );
    expect(finishedBlocksEnd('~~~\n```\n\nstill code')).toBe(0);
  });
});
