import { composeCodeMessage, type Message } from '@agentforge/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userTextBlocks } from '../utils/user-text-blocks';
import { UserMessage } from './user-message';

const userMessage = (content: string): Message => ({
  id: 'm1',
  conversationId: 'c1',
  role: 'user',
  content,
  timestamp: 1,
});

describe("the user's message", () => {
  it("shows 'Send Code to Chat' as the prompt in text and the code as a highlighted block captioned by its file", async () => {
    const content = composeCodeMessage({
      prompt: 'Explain this',
      code: 'const answer = 42;\n',
      filePath: 'src/app.js',
      language: 'javascript',
      isFolder: false,
    });
    const { container } = render(<UserMessage message={userMessage(content)} />);

    expect(screen.getByText('Explain this').tagName).toBe('P');
    const code = await screen.findByRole('region', { name: 'src/app.js code' });
    expect(code.querySelector('pre')?.textContent).toBe('const answer = 42;');
    expect(code.querySelector('pre')?.className).toContain('font-mono');
    // Highlighted: the code is in tokens.
    await expect.poll(() => code.querySelectorAll('pre span span').length).toBeGreaterThan(1);
    expect(screen.getByText('src/app.js').closest('div')?.textContent).toContain('javascript');
    expect(container.textContent).not.toContain('```');
    expect(within(container).getByRole('button', { name: 'Copy code' })).toBeTruthy();
  });

  it('never turns the text into markup: only fenced code and `inline code` are set apart', () => {
    const content = '**bold** <img src=x onerror="alert(1)"> [link](https://example.com) and `npm test`';
    const { container } = render(<UserMessage message={userMessage(content)} />);
    expect(container.querySelector('img, a, strong')).toBeNull();
    expect(container.querySelector('code')?.textContent).toBe('npm test');
    expect(container.textContent).toContain(
      '**bold** <img src=x onerror="alert(1)"> [link](https://example.com)',
    );
  });
});

describe('userTextBlocks', () => {
  it('reads fences by CommonMark rules: longer fences, tildes, an unclosed block runs to the end', () => {
    expect(userTextBlocks('a\n````ts x.ts\n```\ninner\n```\n````\nb\n~~~\nopen')).toEqual([
      { type: 'text', text: 'a' },
      { type: 'code', code: '```\ninner\n```', language: 'ts', fileName: 'x.ts' },
      { type: 'text', text: 'b' },
      { type: 'code', code: 'open', language: '', fileName: '' },
    ]);
  });

  it('keeps a line of backticks with backticks in its info string as text', () => {
    expect(userTextBlocks('``` a ` b\nc')).toEqual([{ type: 'text', text: '``` a ` b\nc' }]);
  });
});
