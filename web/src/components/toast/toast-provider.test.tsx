import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ShowToastInput, ToastProvider, useToast } from './toast-provider';
import { ToastRegion } from './toast-region';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let show: (input: ShowToastInput) => string = () => '';

function Grab() {
  show = useToast().showToast;
  return null;
}

function renderArea() {
  return render(
    <ToastProvider>
      <Grab />
      <ToastRegion />
    </ToastProvider>,
  );
}

describe('the reset area toasts', () => {
  it('default to type error and show the title and message', () => {
    renderArea();
    act(() => {
      show({ title: 'Reset Failed', message: 'There was a problem with your request.' });
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Reset Failed');
    expect(alert.textContent).toContain('There was a problem with your request.');
  });

  it('get a timestamp-based id, unique within the same millisecond', () => {
    vi.spyOn(Date, 'now').mockReturnValue(9_000_000_000_000);
    renderArea();
    let ids: string[] = [];
    act(() => {
      ids = [show({ message: 'a' }), show({ message: 'b' })];
    });
    expect(Number(ids[0])).toBeGreaterThanOrEqual(9_000_000_000_000);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('go when their duration ends: 5000 ms by default', () => {
    vi.useFakeTimers();
    renderArea();
    act(() => {
      show({ type: 'success', title: 'Code Sent', message: 'Please check your email for the reset code.' });
      show({ type: 'info', message: 'Short one', duration: 1000 });
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Short one')).toBeNull();
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByText('Code Sent')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Code Sent')).toBeNull();
  });

  it('go when the user closes them', async () => {
    renderArea();
    act(() => {
      show({ type: 'warning', message: 'Careful' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Careful')).toBeNull();
  });
});

describe('useToast', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Grab />)).toThrow('useToast must be used within a ToastProvider');
  });
});
