import {
  type ComponentProps,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useState,
} from 'react';

export type Menu = typeof import('./dropdown-menu').DropdownMenu;
type MenuModule = typeof import('./dropdown-menu');

let loaded: MenuModule | undefined;
let loading: Promise<MenuModule> | undefined;

/** Loads the menu's code once (on intent: pointing at or focusing a trigger; or on the first open). */
function loadMenu(): Promise<MenuModule> {
  loading ??= import('./dropdown-menu').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const preload = () => {
  loadMenu().catch(() => {});
};

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

type LazyDropdownMenuProps = {
  /** The trigger button's props (label, class, content): the same before and after the menu loads. */
  trigger: ComponentProps<'button'> & { [data: `data-${string}`]: string };
  /** Controlled open state (something else opens the menu too); uncontrolled without it. */
  open?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  /** The menu's panel, given Radix's DropdownMenu once it is loaded. */
  children: (Menu: Menu) => ReactNode;
};

/**
 * A Radix dropdown menu (not modal, as all the app's menus) whose code (Radix menu, popper,
 * Floating UI) loads when a menu is first opened, or as soon as a trigger is pointed at or
 * focused. Until then the trigger is a plain button that opens on the same gestures as Radix's
 * (a primary pointer press; Enter, Space or ArrowDown) and shows its menu open meanwhile.
 */
export function LazyDropdownMenu({ trigger, open, onOpenChange, children }: LazyDropdownMenuProps) {
  const [module, setModule] = useState(loaded);
  const [requested, setRequested] = useState<'pointer' | 'keyboard' | null>(null);
  const opening = open ?? requested !== null;

  useEffect(() => {
    if (module || !opening) return;
    let current = true;
    loadMenu().then(
      (loadedModule) => {
        if (current) setModule(loadedModule);
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
  }, [module, opening, onOpenChange]);

  if (!module) {
    const requestOpen = (how: 'pointer' | 'keyboard') => {
      // Another menu loaded the code already: this one opens at once.
      if (loaded) setModule(loaded);
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

  const { DropdownMenu: Loaded, OpenedByKeyboard } = module;
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
        {children(Loaded)}
      </Loaded.Root>
    </OpenedByKeyboard>
  );
}
