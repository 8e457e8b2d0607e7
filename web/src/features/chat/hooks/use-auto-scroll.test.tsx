import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoScroll } from './use-auto-scroll';

function Box({ content }: { content: string }) {
  const { ref, onScroll } = useAutoScroll<HTMLDivElement>(content, 'conversation-1');
  return <div ref={ref} onScroll={onScroll} data-testid="box" />;
}

/** A 400 px high box over `height` px of content, scrolled to `top`. */
function layout(el: HTMLElement, size: { height: number; top: number }) {
  let top = size.top;
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 400 });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => size.height });
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = value;
    },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useAutoScroll', () => {
  it('follows new content, 50 ms later, when the reader is within 150 px of the bottom', () => {
    const { rerender } = render(<Box content="a" />);
    const box = screen.getByTestId('box');
    const size = { height: 1000, top: 450 }; // 1000 - 450 - 400 = 150 px from the bottom
    layout(box, size);
    fireEvent.scroll(box);

    size.height = 1300;
    rerender(<Box content="ab" />);
    act(() => vi.advanceTimersByTime(49));
    expect(box.scrollTop).toBe(450);
    act(() => vi.advanceTimersByTime(1));
    expect(box.scrollTop).toBe(1300);
  });

  it('leaves a reader who scrolled further up where they are', () => {
    const { rerender } = render(<Box content="a" />);
    const box = screen.getByTestId('box');
    const size = { height: 1000, top: 449 }; // 151 px from the bottom
    layout(box, size);
    fireEvent.scroll(box);

    size.height = 1300;
    rerender(<Box content="ab" />);
    act(() => vi.advanceTimersByTime(100));
    expect(box.scrollTop).toBe(449);
  });

  it('scrolls once for a burst of chunks', () => {
    const { rerender } = render(<Box content="a" />);
    const box = screen.getByTestId('box');
    const size = { height: 1000, top: 600 };
    layout(box, size);
    fireEvent.scroll(box);
    const writes = vi.fn();
    const descriptor = Object.getOwnPropertyDescriptor(box, 'scrollTop');
    Object.defineProperty(box, 'scrollTop', {
      configurable: true,
      get: () => descriptor?.get?.call(box),
      set: (value: number) => {
        writes(value);
        descriptor?.set?.call(box, value);
      },
    });

    for (const content of ['ab', 'abc', 'abcd']) {
      size.height += 20;
      rerender(<Box content={content} />);
      act(() => vi.advanceTimersByTime(10));
    }
    act(() => vi.advanceTimersByTime(50));
    expect(writes).toHaveBeenCalledOnce();
    expect(box.scrollTop).toBe(1060);
  });
});
