import {
  type ComponentProps,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useState,
} from 'react';
import { type LoadOnce, loadOnce } from '../lib/load-once';

export type Menu = typeof import('./dropdown-menu').DropdownMenu;
type MenuModule = typeof import('./dropdown-menu');

/** The menu's code, loaded once (on intent: pointing at or focusing a trigger; or on the first open). */
const loadMenu = loadOnce(() => import('./dropdown-menu'));

/** What a menu opens with: Radix's menu, and its panel's own code when it has some. */
type Code<P> = { menu: MenuModule; panel: P };

function loadedCode<P>(panel: LoadOnce<P> | undefined): Code<P> | undefined {
  if (!loadMenu.loaded || (panel && panel.loaded === undefined)) return undefined;
  return { menu: loadMenu.loaded, panel: panel?.loaded as P };
}

const loadCode = <P,>(panel: LoadOnce<P> | undefined): Promise<Code<P>> =>
  Promise.all([loadMenu(), panel?.()]).then(([menu, loaded]) => ({ menu, panel: loaded as P }));

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

type LazyDropdownMenuProps<P> = {
  /** The trigger button's props (label, class, content): the same before and after the menu loads. */
  trigger: ComponentProps<'button'> & { [data: `data-${string}`]: string };
  /** Controlled open state (something else opens the menu too); uncontrolled without it. */
  open?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  /**
   * The panel's own code beyond Radix's (its items' module, a module-level `loadOnce`): loaded
   * with the menu's, on the same intent; the menu opens once both are in.
   */
  panel?: LoadOnce<P> | undefined;
  /** The menu's panel, given Radix's DropdownMenu (and the panel's code) once loaded. */
  children: (Menu: Menu, panel: P) => ReactNode;
};

/**
 * A Radix dropdown menu (not modal, as all the app's menus) whose code (Radix menu, popper,
 * Floating UI) loads when a menu is first opened, or as soon as a trigger is pointed at or
 * focused. Until then the trigger is a plain button that opens on the same gestures as Radix's
 * (a primary pointer press; Enter, Space or ArrowDown) and shows its menu open meanwhile.
 */
export function LazyDropdownMenu<P = undefined>({
  trigger,
  open,
  onOpenChange,
  panel,
  children,
}: LazyDropdownMenuProps<P>) {
  const [code, setCode] = useState(() => loadedCode(panel));
  const [requested, setRequested] = useState<'pointer' | 'keyboard' | null>(null);
  const opening = open ?? requested !== null;

  useEffect(() => {
    if (code || !opening) return;
    let current = true;
    loadCode(panel).then(
      (loaded) => {
        if (current) setCode(loaded);
      },
      // The trigger shows closed again; the next press asks for the code again.
      () => {
        if (current) setRequested(null);
        onOpenChange?.(false);
      },
    );
    return () => {
      current = false;
    };
  }, [code, opening, onOpenChange, panel]);

  if (!code) {
    const preload = () => {
      loadCode(panel).catch(() => {});
    };
    const requestOpen = (how: 'pointer' | 'keyboard') => {
      // Another menu (or the intent) loaded the code already: this one opens at once.
      const loaded = loadedCode(panel);
      if (loaded) setCode(loaded);
      setRequested(how);
      onOpenChange?.(true);
    };
    return (
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={opening}
        data-state={opening ? 'open' : 'closed'}
        {...trigger}
        onPointerEnter={preload}
        onFocus={preload}
        onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
          if (event.button !== 0 || event.ctrlKey || opening) return;
          // As Radix's trigger: the press opens the menu, the focus does not move to the button.
          event.preventDefault();
          requestOpen('pointer');
        }}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          if (!OPEN_KEYS.has(event.key) || opening) return;
          event.preventDefault();
          requestOpen('keyboard');
        }}
      />
    );
  }

  const { DropdownMenu: Loaded, OpenedByKeyboard } = code.menu;
  return (
    <OpenedByKeyboard value={requested === 'keyboard'}>
      <Loaded.Root
        modal={false}
        open={open}
        defaultOpen={requested !== null}
        onOpenChange={(next) => {
          if (!next) setRequested(null);
          onOpenChange?.(next);
        }}
      >
        <Loaded.Trigger {...trigger} />
        {children(Loaded, code.panel)}
      </Loaded.Root>
    </OpenedByKeyboard>
  );
}
