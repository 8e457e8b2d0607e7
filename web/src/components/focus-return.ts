/** Marks the control that takes the focus back when a dialog's opener can no longer have it. */
export const FOCUS_FALLBACK = 'data-focus-fallback';

const visible = (element: HTMLElement) =>
  element.isConnected && (element.checkVisibility?.({ visibilityProperty: true }) ?? true);

/**
 * What opened a dialog, to give the focus back to: the focused control, or for a menu's item (gone
 * with its menu) the button that opened the menu.
 */
export function dialogOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) {
    const trigger = [...document.querySelectorAll<HTMLElement>('[aria-controls]')].find(
      (candidate) => candidate.getAttribute('aria-controls') === menu.id,
    );
    if (trigger) return trigger;
  }
  return active;
}

/**
 * Gives the focus back after a dialog: to its opener, or while the opener is hidden (the phone's
 * drawer closed) to the visible fallback (the top bar's sidebar button). False when the opener is
 * gone (its row deleted: the list moves the focus) or nothing can take it: the dialog's default.
 */
export function returnFocus(opener: HTMLElement | null): boolean {
  if (!opener?.isConnected) return false;
  const target = visible(opener)
    ? opener
    : [...document.querySelectorAll<HTMLElement>(`[${FOCUS_FALLBACK}]`)].find(visible);
  if (!target) return false;
  target.focus();
  return true;
}
