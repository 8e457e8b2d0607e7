import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.useFakeTimers();
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CopyButton', () => {
  it("copies the text and confirms with 'Copied!' for 2 seconds", async () => {
    render(<CopyButton text="npm test" what="code" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    });
    expect(writeText).toHaveBeenCalledWith('npm test');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copied!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
  });

  it('does not confirm a copy the browser refused', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    render(<CopyButton text="x" what="code" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    });
    expect(screen.queryByText('Copied!')).toBeNull();
  });
});
