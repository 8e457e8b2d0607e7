import type { Message } from '@agentforge/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OlderMessages } from '../hooks/use-conversation-data';
import { MessageList } from './message-list';

const VIEW_PX = 400;
const MESSAGE_PX = 100;

/**
 * jsdom lays nothing out: the list is given a 400 px view and every message 100 px, the
 * scroll offset clamped as a browser does and a scroll event after each move.
 */
function layOut() {
  const tops = new WeakMap<Element, number>();
  const isList = (el: Element) => el.getAttribute('aria-label') === 'Messages';
  const contentHeight = (el: Element) => {
    const sizer = el.querySelector<HTMLElement>('div.relative');
    return Number.parseFloat(sizer?.style.height || '0');
  };
  const scrollTo = (el: Element, top: number) => {
    const max = Math.max(0, contentHeight(el) - VIEW_PX);
    tops.set(el, Math.min(max, Math.max(0, top)));
    setTimeout(() => el.dispatchEvent(new Event('scroll')));
  };
  const props: Record<string, PropertyDescriptor> = {
    clientHeight: {
      get: function (this: Element) {
        return isList(this) ? VIEW_PX : 0;
      },
    },
    scrollHeight: {
      get: function (this: Element) {
        return isList(this) ? contentHeight(this) : 0;
      },
    },
    offsetHeight: {
      get: function (this: Element) {
        return this.hasAttribute('data-index') ? MESSAGE_PX : 0;
      },
    },
    scrollTop: {
      get: function (this: Element) {
        return tops.get(this) ?? 0;
      },
      set: function (this: Element, top: number) {
        scrollTo(this, top);
      },
    },
    scrollTo: {
      value: function (this: Element, options: ScrollToOptions) {
        scrollTo(this, options.top ?? 0);
      },
    },
  };
  const saved = Object.keys(props).map(
    (key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const,
  );
  for (const [key, descriptor] of Object.entries(props)) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, ...descriptor });
  }
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    }
  };
}

const messagesFrom = (first: number, last: number): Message[] =>
  Array.from({ length: last - first + 1 }, (_, n) => ({
    id: `m${String(first + n).padStart(5, '0')}`,
    conversationId: 'c1',
    role: (first + n) % 2 ? 'user' : 'assistant',
    content: `Message ${first + n}`,
    timestamp: first + n,
  }));

const list = () => screen.getByRole('region', { name: 'Messages' });
/** The messages rendered (their text, without the 'Copy' button's). */
const shown = () =>
  Array.from(list().querySelectorAll('article'), (article) => article.textContent?.replace(/Copy$/, ''));
/** Where a message's row is in the view (its top, from the top of the view). */
const topInView = (text: string) => {
  const row = screen.getByText(text).closest<HTMLElement>('[data-index]');
  const y = Number(/translateY\((-?[\d.]+)px\)/.exec(row?.style.transform ?? '')?.[1]);
  return y - list().scrollTop;
};
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 80)));

let restore: () => void;
beforeEach(() => {
  restore = layOut();
});
afterEach(() => {
  restore();
});

describe('MessageList', () => {
  it('opens 5,000 messages on the latest, rendering only those near the view', async () => {
    render(<MessageList conversationId="c1" messages={messagesFrom(1, 5000)} loading={false} />);
    await settle();
    await waitFor(() => expect(shown().at(-1)).toBe('Message 5000'));
    expect(shown().length).toBeLessThan(30);
    expect(shown()).not.toContain('Message 1');
  });

  it('follows a growing reply within 150 px of the bottom, and leaves a reader further up', async () => {
    const messages = messagesFrom(1, 20);
    const { rerender } = render(<MessageList conversationId="c1" messages={messages} loading={false} />);
    await settle();
    const bottom = () => list().scrollHeight - VIEW_PX;
    expect(list().scrollTop).toBe(bottom());

    list().scrollTop = bottom() - 150;
    await settle();
    const more = [...messages, { ...(messages.at(-1) as Message), id: 'm-new', content: 'A new reply' }];
    rerender(<MessageList conversationId="c1" messages={more} loading={false} />);
    await settle();
    await waitFor(() => expect(list().scrollTop).toBe(bottom()));

    list().scrollTop = bottom() - 151;
    await settle();
    const before = list().scrollTop;
    rerender(
      <MessageList
        conversationId="c1"
        messages={[...more, { ...(more.at(-1) as Message), id: 'm-newer', content: 'Another' }]}
        loading={false}
      />,
    );
    await settle();
    expect(list().scrollTop).toBe(before);
  });

  it('loads earlier messages near the top and keeps the message being read where it was', async () => {
    const older: OlderMessages = { more: true, loading: false, error: null, load: vi.fn() };
    const { rerender } = render(
      <MessageList conversationId="c1" messages={messagesFrom(51, 100)} loading={false} older={older} />,
    );
    await settle();
    expect(older.load).not.toHaveBeenCalled();

    list().scrollTop = 30;
    await settle();
    expect(older.load).toHaveBeenCalled();
    const before = topInView('Message 51');

    rerender(
      <MessageList
        conversationId="c1"
        messages={messagesFrom(1, 100)}
        loading={false}
        older={{ ...older, more: false }}
      />,
    );
    await settle();
    await waitFor(() => expect(topInView('Message 51')).toBe(before));
    expect(list().scrollTop).toBeGreaterThan(50 * MESSAGE_PX - VIEW_PX);
  });

  it('does not read the layout on every render while the reader scrolls', async () => {
    // jsdom's offsetTop is 0; a browser has to lay the page out to answer it after the scroll's
    // style writes, so reading it on each of the scroll's re-renders forced a layout per frame.
    const offsetTop = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetTop');
    let reads = 0;
    Object.defineProperty(HTMLElement.prototype, 'offsetTop', {
      configurable: true,
      get() {
        reads += 1;
        return 0;
      },
    });
    try {
      render(<MessageList conversationId="c1" messages={messagesFrom(1, 200)} loading={false} />);
      await settle();
      const afterOpen = reads;
      for (let step = 1; step <= 10; step++) {
        list().scrollTop = list().scrollTop - 300;
        await settle();
      }
      expect(shown()).toContain('Message 170');
      expect(reads - afterOpen).toBeLessThan(3);
    } finally {
      if (offsetTop) Object.defineProperty(HTMLElement.prototype, 'offsetTop', offsetTop);
    }
  });

  it("offers 'Load earlier messages' by keyboard, and says why a load failed with 'Retry'", async () => {
    const load = vi.fn();
    const { rerender } = render(
      <MessageList
        conversationId="c1"
        messages={messagesFrom(51, 100)}
        loading={false}
        older={{ more: true, loading: false, error: null, load }}
      />,
    );
    await settle();
    const button = screen.getByRole('button', { name: 'Load earlier messages' });
    button.focus();
    fireEvent.click(button);
    expect(load).toHaveBeenCalled();

    rerender(
      <MessageList
        conversationId="c1"
        messages={messagesFrom(51, 100)}
        loading={false}
        older={{ more: true, loading: false, error: 'Failed to load messages: Network error', load }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to load messages: Network error');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
