import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import {
  dismissToast,
  initialToasterState,
  resetToaster,
  toast,
  toasterReducer,
  useToasterState,
} from './toaster-store';

afterEach(() => {
  act(() => resetToaster());
  vi.useRealTimers();
});

const open = (id: string) => ({ id, open: true, variant: 'default' as const, title: `toast ${id}` });

describe('toasterReducer', () => {
  it('keeps at most one toast, the newest', () => {
    const one = toasterReducer(initialToasterState, { type: 'ADD_TOAST', toast: open('1') });
    const two = toasterReducer(one, { type: 'ADD_TOAST', toast: open('2') });
    expect(two.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('updates, dismisses (open false) and removes a toast', () => {
    let state = toasterReducer(initialToasterState, { type: 'ADD_TOAST', toast: open('1') });
    state = toasterReducer(state, { type: 'UPDATE_TOAST', toast: { id: '1', description: 'more' } });
    expect(state.toasts[0]).toMatchObject({ id: '1', description: 'more', open: true });
    state = toasterReducer(state, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts[0]?.open).toBe(false);
    state = toasterReducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });
});

function Count() {
  return <output>{useToasterState().toasts.length}</output>;
}

describe('toast()', () => {
  it('shows one toast at a time, default variant unless destructive', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ variant: 'destructive', title: 'Error', description: 'Sign up failed: boom' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Sign up failed: boom');
  });

  it('removes a dismissed toast only after 1,000,000 ms', () => {
    vi.useFakeTimers();
    render(
      <>
        <Toaster />
        <Count />
      </>,
    );
    let id = '';
    act(() => {
      id = toast({ title: 'Welcome back!' }).id;
    });
    act(() => dismissToast(id));
    expect(screen.queryByText('Welcome back!')).toBeNull(); // closed at once
    expect(screen.getByRole('status').textContent).toBe('1'); // but still held
    act(() => vi.advanceTimersByTime(999_999));
    expect(screen.getByRole('status').textContent).toBe('1');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('0');
  });

  it('closes with the close button', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Welcome back!' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Welcome back!')).toBeNull();
  });
});
