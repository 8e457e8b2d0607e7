import { SERVER_BAR_MESSAGES } from '@agentforge/shared';
import { LogOutIcon, MenuIcon, RocketIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FOCUS_FALLBACK } from '../../../components/focus-return';
import { UPGRADE_PLAN_LABEL } from '../../billing/utils/plan-display';
import { SpaceSwitcher } from '../../teams/components/space-switcher';

type TopBarProps = {
  picker: ReactNode;
  /** The chat's MCP server, usage and 'Configure Server'; by default 'No Server Connected'. */
  server?: ReactNode;
  /** 'Share with team' for the conversation shown (its author's), if one is. */
  share?: ReactNode;
  onOpenSidebar: () => void;
  /** The sidebar column is hidden (Ctrl+Shift+S): the sidebar button shows on wide screens too. */
  sidebarHidden?: boolean;
  onLogout: () => void;
  signingOut: boolean;
};

/**
 * The model picker, the active space (with a team), the tool server (picker, usage, 'Configure
 * Server'), 'Upgrade Plan' and 'Logout'.
 */
export function TopBar({
  picker,
  server,
  share,
  onOpenSidebar,
  sidebarHidden = false,
  onLogout,
  signingOut,
}: TopBarProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-slate-100 px-2 sm:gap-2 sm:px-4">
      <button
        type="button"
        onClick={onOpenSidebar}
        aria-label="Open sidebar"
        // Where the focus goes back when a dialog opened from the drawer closes (the drawer with it).
        {...{ [FOCUS_FALLBACK]: '' }}
        className={`rounded-lg p-2 text-slate-600 hover:bg-slate-100 ${sidebarHidden ? '' : 'md:hidden'}`}
      >
        <MenuIcon className="size-5" />
      </button>
      {/* Past a phone the model keeps its width: the space select gives way first. */}
      <div className="min-w-0 flex-1 sm:min-w-fit">{picker}</div>
      <SpaceSwitcher />
      {server ?? (
        <span className="hidden items-center gap-2 rounded-full bg-slate-50 px-3 py-1 text-xs font-medium text-slate-500 ring-1 ring-slate-200 sm:inline-flex">
          <span className="size-2 rounded-full bg-slate-300" />
          {SERVER_BAR_MESSAGES.noServerConnected}
        </span>
      )}
      {share}
      {/* On a phone the model's name needs the room: plans are in the sidebar's Subscription there. */}
      <Link
        to="/pricing"
        className="inline-flex items-center max-sm:hidden gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-indigo-700 transition hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <RocketIcon aria-hidden="true" className="size-4" />
        <span className="max-lg:sr-only">{UPGRADE_PLAN_LABEL}</span>
      </Link>
      <button
        type="button"
        onClick={onLogout}
        disabled={signingOut}
        className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
      >
        <LogOutIcon className="size-4" />
        <span className="max-sm:sr-only">Logout</span>
      </button>
    </header>
  );
}
