import type { Conversation } from '@agentforge/shared';
import {
  ChevronsUpDownIcon,
  CodeIcon,
  CreditCardIcon,
  HistoryIcon,
  KeyboardIcon,
  LayoutDashboardIcon,
  SettingsIcon,
  UserIcon,
  UsersIcon,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
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
  to,
  state,
  icon,
  children,
}: {
  to: string;
  state?: unknown;
  icon: ReactNode;
  children: string;
}) {
  return (
    <DropdownMenu.Item asChild className={MENU_ITEM}>
      <Link to={to} state={state}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
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
    // Not modal, as the app's other menus: the page behind stays in the accessibility tree.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={`Account${email ? `: ${email}` : ''}`} className={ACCOUNT_BUTTON}>
        <span
          aria-hidden="true"
          className="grid size-7 shrink-0 place-items-center rounded-full bg-indigo-600 text-xs font-semibold text-white"
        >
          {initial}
        </span>
        <span className="min-w-0 flex-1 truncate text-sm">{email ?? 'Account'}</span>
        <ChevronsUpDownIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="top" align="start" sideOffset={6} className={`${MENU} w-64`}>
          <LinkItem
            to="/workspace"
            state={workspaceLinkState(current)}
            icon={<CodeIcon className="size-4" />}
          >
            Code workspace
          </LinkItem>
          <LinkItem to="/teams" icon={<UsersIcon className="size-4" />}>
            Teams
          </LinkItem>
          <LinkItem to="/dashboard" icon={<LayoutDashboardIcon className="size-4" />}>
            Dashboard
          </LinkItem>
          <LinkItem to="/profile" icon={<UserIcon className="size-4" />}>
            Profile
          </LinkItem>
          <LinkItem to="/audit" icon={<HistoryIcon className="size-4" />}>
            Activity log
          </LinkItem>
          <DropdownMenu.Separator className="my-1 border-t border-slate-100" />
          <DropdownMenu.Item onSelect={onOpenSettings} className={MENU_ITEM}>
            <SettingsIcon className="size-4" />
            Settings
          </DropdownMenu.Item>
          {onOpenSubscription ? (
            <DropdownMenu.Item onSelect={onOpenSubscription} className={MENU_ITEM}>
              <CreditCardIcon className="size-4" />
              Subscription
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item onSelect={onOpenShortcuts} className={MENU_ITEM}>
            <KeyboardIcon className="size-4" />
            Keyboard shortcuts
            <kbd className="ml-auto font-sans text-xs text-slate-500">?</kbd>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
