import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from './markdown-content';

describe('MarkdownContent', () => {
  it('shows the text at once and its Markdown once the parser has loaded', async () => {
    const { container } = render(<MarkdownContent content={'**Bold** claim\n\n| a |\n| - |\n| 1 |'} />);
    expect(container.textContent).toContain('**Bold** claim');
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
  });
});
