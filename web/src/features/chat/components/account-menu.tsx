import type { Conversation } from '@agentforge/shared';
import {
  ChevronsUpDownIcon,
  CodeIcon,
  CreditCardIcon,
  FileTextIcon,
  HistoryIcon,
  KeyboardIcon,
  LayoutDashboardIcon,
  SettingsIcon,
  UserIcon,
  UsersIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LazyDropdownMenu, type Menu } from '../../../components/lazy-dropdown-menu';
import { MENU, MENU_ITEM } from '../../../components/menu';
import { buttonVariants } from '../../../components/ui/button';
import { workspaceLinkState } from '../../workspace/utils/workspace-link';

type AccountMenuProps = {
  email: string | null;
  /** The conversation shown: the workspace link carries it (to send code back to it). */
  current: Conversation | undefined;
  onOpenSettings: () => void;
  /** 'Subscription & Usage'; without it the menu has no Subscription item. */
  onOpenSubscription?: (() => void) | undefined;
  onOpenShortcuts: () => void;
};

const ACCOUNT_BUTTON = buttonVariants({
  variant: 'ghost',
  className: 'w-full justify-start gap-2.5 px-2 text-left font-medium hover:bg-slate-200/60',
});

function LinkItem({
  Menu,
  to,
  state,
  icon,
  children,
}: {
  Menu: Menu;
  to: string;
  state?: unknown;
  icon: ReactNode;
  children: string;
}) {
  return (
    <Menu.Item asChild className={MENU_ITEM}>
      <Link to={to} state={state}>
        {icon}
        {children}
      </Link>
    </Menu.Item>
  );
}

/**
 * The sidebar's foot: a button with the signed-in e-mail opening the account menu (Radix: arrow
 * keys, typeahead, Escape back to the button) with the pages and dialogs that were a column of
 * links under the conversations.
 */
export function AccountMenu({
  email,
  current,
  onOpenSettings,
  onOpenSubscription,
  onOpenShortcuts,
}: AccountMenuProps) {
  const initial = (email ?? '?').charAt(0).toUpperCase();
  return (
    <LazyDropdownMenu
      trigger={{
        'aria-label': `Account${email ? `: ${email}` : ''}`,
        className: ACCOUNT_BUTTON,
        children: (
          <>
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-indigo-600 text-xs font-semibold text-white"
            >
              {initial}
            </span>
            <span className="min-w-0 flex-1 truncate text-sm">{email ?? 'Account'}</span>
            <ChevronsUpDownIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          </>
        ),
      }}
    >
      {(Menu) => (
        <Menu.Portal>
          <Menu.Content side="top" align="start" sideOffset={6} className={`${MENU} w-64`}>
            <LinkItem
              Menu={Menu}
              to="/workspace"
              state={workspaceLinkState(current)}
              icon={<CodeIcon className="size-4" />}
            >
              Code workspace
            </LinkItem>
            <LinkItem Menu={Menu} to="/prompts" icon={<FileTextIcon className="size-4" />}>
              Prompt library
            </LinkItem>
            <LinkItem Menu={Menu} to="/teams" icon={<UsersIcon className="size-4" />}>
              Teams
            </LinkItem>
            <LinkItem Menu={Menu} to="/dashboard" icon={<LayoutDashboardIcon className="size-4" />}>
              Dashboard
            </LinkItem>
            <LinkItem Menu={Menu} to="/profile" icon={<UserIcon className="size-4" />}>
              Profile
            </LinkItem>
            <LinkItem Menu={Menu} to="/audit" icon={<HistoryIcon className="size-4" />}>
              Activity log
            </LinkItem>
            <Menu.Separator className="my-1 border-t border-slate-100" />
            <Menu.Item onSelect={onOpenSettings} className={MENU_ITEM}>
              <SettingsIcon className="size-4" />
              Settings
            </Menu.Item>
            {onOpenSubscription ? (
              <Menu.Item onSelect={onOpenSubscription} className={MENU_ITEM}>
                <CreditCardIcon className="size-4" />
                Subscription
              </Menu.Item>
            ) : null}
            <Menu.Item onSelect={onOpenShortcuts} className={MENU_ITEM}>
              <KeyboardIcon className="size-4" />
              Keyboard shortcuts
              <kbd className="ml-auto font-sans text-xs text-slate-500">?</kbd>
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      )}
    </LazyDropdownMenu>
  );
}
