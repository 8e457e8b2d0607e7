import { MAX_CHAT_SERVERS, SERVER_BAR_MESSAGES } from '@agentforge/shared';
import { CheckIcon, CreditCardIcon, PlusIcon } from 'lucide-react';
import type { Menu } from '../../../components/lazy-dropdown-menu';
import { MENU, MENU_ITEM } from '../../../components/menu';
import { SUBSCRIPTION_TITLE } from '../../billing/utils/plan-display';
import type { ServerView } from '../api/servers';
import type { UsageState } from '../hooks/use-usage';
import { pickerStateOf } from '../utils/server-status-text';
import { ServerStatusDot } from './server-status';
import { UsageMeter } from './usage-meter';

/** The menu's last items: 'Add' (for who may add servers), and the usage on small screens. */
export type ServersMenuFooter = {
  usage: UsageState;
  /** Opens the new-server modal; without it (a team's User) no 'Add'. */
  onAdd?: (() => void) | undefined;
  /** Opens 'Subscription & Usage'. */
  onOpenUsage?: (() => void) | undefined;
};

type ChatServersMenuPanelProps = {
  Menu: Menu;
  servers: readonly ServerView[];
  attachedIds: readonly string[];
  onToggle: (serverId: string) => void;
  onClear: () => void;
  footer: ServersMenuFooter;
};

/**
 * The chat's servers menu once opened (`chat-servers-menu.tsx` is its trigger): each server with its
 * state, ticked when attached; 'No server'; then 'Add' and the usage. Picking keeps the menu open,
 * so several can be ticked in a row; at most MAX_CHAT_SERVERS. Its code loads with the menu's.
 */
export function ChatServersMenuPanel({
  Menu,
  servers,
  attachedIds,
  onToggle,
  onClear,
  footer: { usage, onAdd, onOpenUsage },
}: ChatServersMenuPanelProps) {
  const full = attachedIds.length >= MAX_CHAT_SERVERS;
  return (
    <Menu.Portal>
      <Menu.Content
        align="end"
        sideOffset={4}
        collisionPadding={12}
        className={`${MENU} w-72 max-w-[calc(100vw-1.5rem)]`}
      >
        <Menu.Label className="px-2.5 pt-1 pb-1.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
          Tools for this chat
        </Menu.Label>
        {servers.map((server) => {
          const checked = attachedIds.includes(server.id);
          return (
            <Menu.CheckboxItem
              key={server.id}
              checked={checked}
              disabled={!checked && full}
              onCheckedChange={() => onToggle(server.id)}
              // Stays open: several servers are ticked in a row.
              onSelect={(event) => event.preventDefault()}
              className={`${MENU_ITEM} data-[disabled]:opacity-50`}
            >
              <ServerStatusDot server={server} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-800">{server.name}</span>
                <span className="block truncate text-xs text-slate-600">{pickerStateOf(server)}</span>
              </span>
              <Menu.ItemIndicator>
                <CheckIcon className="size-4 text-slate-900" />
              </Menu.ItemIndicator>
            </Menu.CheckboxItem>
          );
        })}
        <Menu.CheckboxItem checked={attachedIds.length === 0} onCheckedChange={onClear} className={MENU_ITEM}>
          <span className="size-2 shrink-0 rounded-full bg-slate-300" />
          <span className="flex-1 text-slate-600">No server</span>
          <Menu.ItemIndicator>
            <CheckIcon className="size-4 text-slate-900" />
          </Menu.ItemIndicator>
        </Menu.CheckboxItem>
        {full ? (
          <p className="px-2.5 py-1 text-xs text-slate-600">{`At most ${MAX_CHAT_SERVERS} servers per chat`}</p>
        ) : null}
        <Menu.Separator className="my-1 border-t border-slate-100" />
        {onAdd ? (
          <Menu.Item onSelect={onAdd} className={`${MENU_ITEM} font-medium text-indigo-600`}>
            <PlusIcon className="size-4" />
            {SERVER_BAR_MESSAGES.addServer}
          </Menu.Item>
        ) : null}
        {onOpenUsage ? (
          <Menu.Item onSelect={onOpenUsage} className={`${MENU_ITEM} lg:hidden`}>
            <CreditCardIcon className="size-4" />
            {SUBSCRIPTION_TITLE}
          </Menu.Item>
        ) : null}
        {/* Below lg the top bar has no room for the usage meter: it shows here instead. */}
        <div className="mt-1 border-t border-slate-100 px-2.5 pt-2 pb-1 lg:hidden">
          <UsageMeter usage={usage} />
        </div>
      </Menu.Content>
    </Menu.Portal>
  );
}
