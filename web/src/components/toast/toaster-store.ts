import { type SignInToast, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@agentforge/shared';
import { useSyncExternalStore } from 'react';
import type { ToastAction } from './toast-card';

/**
 * The sign-in area toasts (spec 3/4 "Toasts"), shadcn-style: a reducer over module memory that any
 * code may call through {@link toast}, at most TOAST_LIMIT visible, a dismissed toast removed after
 * TOAST_REMOVE_DELAY_MS. `<Toaster />` shows them.
 */

/** A toast may offer a way out (a link), e.g. 'Upgrade Plan' after a plan-limit refusal. */
export type StoredToast = SignInToast & { action?: ToastAction };

export type ToasterState = { toasts: StoredToast[] };

export type ToasterAction =
  | { type: 'ADD_TOAST'; toast: StoredToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<StoredToast> & Pick<StoredToast, 'id'> }
  /** Without an id: every toast. */
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export const initialToasterState: ToasterState = { toasts: [] };

export function toasterReducer(state: ToasterState, action: ToasterAction): ToasterState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

let state = initialToasterState;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToasterAction): void {
  state = toasterReducer(state, action);
  for (const listener of listeners) listener();
}

function scheduleRemoval(toastId: string): void {
  if (removalTimers.has(toastId)) return;
  removalTimers.set(
    toastId,
    setTimeout(() => {
      removalTimers.delete(toastId);
      dispatch({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes a toast (or all); it is removed TOAST_REMOVE_DELAY_MS later. */
export function dismissToast(toastId?: string): void {
  const ids = toastId === undefined ? state.toasts.map((t) => t.id) : [toastId];
  for (const id of ids) scheduleRemoval(id);
  dispatch(toastId === undefined ? { type: 'DISMISS_TOAST' } : { type: 'DISMISS_TOAST', toastId });
}

export type ToastInput = Pick<StoredToast, 'title' | 'description' | 'action'> & {
  variant?: SignInToast['variant'];
};

/** Shows a sign-in area toast (variant default unless 'destructive'). */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'ADD_TOAST', toast: { variant: 'default', ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

/** The current sign-in area toasts; re-renders on every change. */
export function useToasterState(): ToasterState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Tests: forget every toast and pending removal. */
export function resetToaster(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  dispatch({ type: 'REMOVE_TOAST' });
}
