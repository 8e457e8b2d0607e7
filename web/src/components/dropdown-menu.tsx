import { DropdownMenu as Radix } from 'radix-ui';
import { type ComponentProps, createContext, useContext } from 'react';

/** The open that loaded the menu came from the keyboard (Enter, Space, ArrowDown on its trigger). */
export const OpenedByKeyboard = createContext(false);

/**
 * Radix's content, which on an open from the keyboard puts the focus on the first item. Radix
 * tells a keyboard open by a document listener of its root; a menu loaded by that very keypress
 * mounted its root after it, so the content says it instead. `onOpenAutoFocus` is the menu
 * content's own (DropdownMenu passes it on; its type leaves it out).
 */
function Content(props: ComponentProps<typeof Radix.Content>) {
  const byKeyboard = useContext(OpenedByKeyboard);
  const focusFirstItem = {
    onOpenAutoFocus: (event: Event) => {
      if (!byKeyboard || !(event.currentTarget instanceof HTMLElement)) return;
      const first = event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])');
      if (!first) return;
      event.preventDefault();
      first.focus({ preventScroll: true });
    },
  };
  return <Radix.Content {...props} {...focusFirstItem} />;
}

/** Radix's DropdownMenu, loaded with a menu's first open (`lazy-dropdown-menu.tsx`). */
export const DropdownMenu = { ...Radix, Content };
