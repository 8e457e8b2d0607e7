import { useCallback, useEffect, useRef, useState } from 'react';

/** Tailwind's `md`: from here the sidebar is a column beside the chat, below it a drawer. */
const WIDE = '(min-width: 48rem)';
const wide = () => globalThis.matchMedia?.(WIDE).matches ?? true;

/**
 * The chat's layout state and the focus moves between its parts: the sidebar (a column that can be
 * hidden, a drawer on a phone), the search field and the message box.
 */
export function useChatLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [columnHidden, setColumnHidden] = useState(false);
  const sidebar = useRef<HTMLElement>(null);
  const composer = useRef<HTMLDivElement>(null);

  const focusComposer = useCallback(() => {
    // After the render that shows it (a new chat's empty screen, the drawer closing).
    requestAnimationFrame(() => composer.current?.querySelector('textarea')?.focus());
  }, []);

  const showSidebar = useCallback(() => {
    if (wide()) setColumnHidden(false);
    else setDrawerOpen(true);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (wide()) setColumnHidden((hidden) => !hidden);
    else setDrawerOpen((open) => !open);
  }, []);

  const focusSearch = useCallback(() => {
    showSidebar();
    requestAnimationFrame(() =>
      sidebar.current?.querySelector<HTMLInputElement>('input[aria-label="Search conversations"]')?.focus(),
    );
  }, [showSidebar]);

  // A dialog opened from the phone's drawer (Settings, a chat's model settings) closes the drawer:
  // the dialog is the task now. A confirmation (an alertdialog) is about the list: the drawer stays.
  useEffect(() => {
    if (!drawerOpen) return;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"]') && !sidebar.current?.contains(target)) setDrawerOpen(false);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [drawerOpen]);

  return {
    drawerOpen,
    setDrawerOpen,
    columnHidden,
    toggleSidebar,
    showSidebar,
    focusSearch,
    focusComposer,
    sidebar,
    composer,
  };
}
