import { RESET_TOAST_DEFAULT_DURATION_MS, type ResetToast, type ResetToastInput } from '@agentforge/shared';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * The reset area toasts (spec 3/4 "Toasts"): id (timestamp-based), message, type (error, success,
 * info, warning; error when none is given), duration (5000 ms when none is given). A toast goes
 * when the user closes it or when its duration ends. The optional title is a headline above the
 * message (for the spec's 'Code Sent', 'Success!' and 'Reset Failed').
 */
export type AreaToast = ResetToast & { title?: string };

export type ShowToastInput = Omit<ResetToastInput, 'id'> & { title?: string };

export type ToastContextValue = {
  toasts: AreaToast[];
  /** Shows a toast and returns its id. */
  showToast: (input: ShowToastInput) => string;
  removeToast: (id: string) => void;
};

const ToastContext = createContext<ToastContextValue | null>(null);

let lastStamp = 0;

/** Timestamp-based and unique, also for two toasts within the same millisecond. */
function nextToastId(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return String(lastStamp);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<AreaToast[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const removeToast = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const showToast = useCallback(
    ({ title, ...input }: ShowToastInput) => {
      // The schema's defaults, applied without the schema library (this provider is in every page's entry).
      const parsed: ResetToast = {
        id: nextToastId(),
        message: input.message,
        type: input.type ?? 'error',
        duration: input.duration ?? RESET_TOAST_DEFAULT_DURATION_MS,
      };
      const next: AreaToast = title ? { ...parsed, title } : parsed;
      setToasts((current) => [...current, next]);
      timers.current.set(
        next.id,
        setTimeout(() => removeToast(next.id), next.duration),
      );
      return next.id;
    },
    [removeToast],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const value = useMemo(() => ({ toasts, showToast, removeToast }), [toasts, showToast, removeToast]);
  return <ToastContext value={value}>{children}</ToastContext>;
}

/** A programmer's error (not the user's): the sign-in screens' toast texts stay out of the entry. */
const OUTSIDE_PROVIDER = 'useToast must be used within a ToastProvider';

/** The reset area toasts; throws outside a {@link ToastProvider}. */
export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error(OUTSIDE_PROVIDER);
  return value;
}
