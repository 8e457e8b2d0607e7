import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
  useRef,
} from 'react';

/**
 * Tabs as WAI-ARIA's tabs pattern with automatic activation, the way Radix's `Tabs` behave (same
 * roles, ids, `data-state` and gestures; a panel is no Tab stop): one Tab stop (the selected tab), arrow keys move and select
 * (looping), Home and End, a primary press selects; only the selected panel is rendered. Written out
 * because /home shows two tab lists at first paint and Radix's (tabs, roving focus, collection,
 * presence) was ~7 KB gzipped of its first load; the lazily loaded screens keep Radix's.
 */
type TabsContext = { value: string; select: (value: string) => void; baseId: string };

const Context = createContext<TabsContext | null>(null);

function useTabs(): TabsContext {
  const context = useContext(Context);
  if (!context) throw new Error('A tab or tab panel must be inside <Tabs>');
  return context;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

type TabsProps = ComponentProps<'div'> & { value: string; onValueChange: (value: string) => void };

/** The tabs' root: the selected value is the caller's (controlled). */
export function Tabs({ value, onValueChange, children, ...props }: TabsProps) {
  const baseId = useId();
  return (
    <Context.Provider value={{ value, select: onValueChange, baseId }}>
      <div {...props}>{children}</div>
    </Context.Provider>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** The tab list (horizontal): arrow keys, Home and End move the focus, which selects. */
export function TabList({ children, ...props }: ComponentProps<'div'> & { 'aria-label': string }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const tabs = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)') ?? [])];
    const index = tabs.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    tabs[move(index, tabs.length)]?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown} {...props}>
      {children}
    </div>
  );
}

/** One tab: selected on a primary press, Enter or Space, or when it takes the focus. */
export function Tab({
  value,
  children,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string; children: ReactNode }) {
  const { value: selected, select, baseId } = useTabs();
  const active = value === selected;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(baseId, value)}
      aria-selected={active}
      aria-controls={panelId(baseId, value)}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      {...props}
      onMouseDown={(event) => {
        // As Radix: a primary press selects; a Ctrl-press (a context menu on macOS) keeps the focus.
        if (event.button === 0 && !event.ctrlKey) select(value);
        else event.preventDefault();
      }}
      onClick={() => select(value)}
      onFocus={() => {
        if (!active) select(value);
      }}
    >
      {children}
    </button>
  );
}

/** The selected tab's panel (the others are not rendered); no Tab stop itself: what it holds are. */
export function TabPanel({ value, children, ...props }: ComponentProps<'div'> & { value: string }) {
  const { value: selected, baseId } = useTabs();
  if (value !== selected) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(baseId, value)}
      aria-labelledby={tabId(baseId, value)}
      data-state="active"
      {...props}
    >
      {children}
    </div>
  );
}
