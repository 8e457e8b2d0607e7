import { type Conversation, MAX_TITLE_LENGTH } from '@agentforge/shared';
import {
  DownloadIcon,
  EllipsisIcon,
  PencilIcon,
  PinIcon,
  PinOffIcon,
  SlidersHorizontalIcon,
  Trash2Icon,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LazyDropdownMenu } from '../../../components/lazy-dropdown-menu';
import { MENU, MENU_ITEM } from '../../../components/menu';
import { buttonVariants } from '../../../components/ui/button';
import { ROVING_CELL, ROVING_ROW } from '../hooks/use-roving-list';
import { ConversationSettingsDialog } from './lazy-settings-dialogs';

/** Each control of the row: a stop of the list's arrow-key navigation. */
const CELL = { [ROVING_CELL]: '' };

type ConversationItemProps = {
  conversation: Conversation;
  selected: boolean;
  onSelect: (id: string) => void;
  /** Hovered or focused: the conversation may be opened next. */
  onPrefetch?: ((id: string) => void) | undefined;
  onRename: (id: string, title: string) => void;
  onTogglePin: (id: string) => void;
  onExport: (id: string, format: 'md' | 'json') => void;
  onDelete: (id: string) => void;
};

const ITEM_ACTION = buttonVariants({
  variant: 'ghost',
  size: 'icon',
  className: 'text-slate-500 hover:bg-slate-300/60',
});

/** The title being edited in place: Enter (or leaving the field) saves it, Escape cancels. */
function RenameField({
  title,
  onDone,
}: {
  title: string;
  /** `byKey`: Enter or Escape, the focus goes back to the row (a blur has put it elsewhere). */
  onDone: (title: string | null, byKey: boolean) => void;
}) {
  const [value, setValue] = useState(title);
  // Once: a blur after Enter or Escape (the field goes away) must not save again, or save a cancel.
  const finished = useRef(false);
  const finish = (result: string | null, byKey = true) => {
    if (finished.current) return;
    finished.current = true;
    onDone(result, byKey);
  };
  return (
    <input
      // biome-ignore lint/a11y/noAutofocus: the field appears because the user asked to rename.
      autoFocus
      aria-label="Conversation title"
      value={value}
      maxLength={MAX_TITLE_LENGTH}
      onChange={(event) => setValue(event.target.value)}
      onFocus={(event) => event.target.select()}
      onBlur={() => finish(value, false)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish(value);
        if (event.key === 'Escape') finish(null);
      }}
      className="block w-full rounded-lg bg-white px-3 py-2 text-sm text-slate-900 ring-2 ring-indigo-500 outline-none"
    />
  );
}

/** A conversation in the sidebar: select it, rename it in place, or delete it after a confirmation. */
export function ConversationItem({
  conversation,
  selected,
  onSelect,
  onPrefetch,
  onRename,
  onTogglePin,
  onExport,
  onDelete,
}: ConversationItemProps) {
  const title = conversation.title || conversation.name;
  const pinned = conversation.pinnedAt !== undefined;
  const [renaming, setRenaming] = useState(false);
  const [editingSettings, setEditingSettings] = useState(false);
  const titleButton = useRef<HTMLButtonElement>(null);
  const refocusTitle = useRef(false);
  useEffect(() => {
    if (renaming || !refocusTitle.current) return;
    refocusTitle.current = false;
    titleButton.current?.focus();
  }, [renaming]);

  if (renaming) {
    return (
      <li {...{ [ROVING_ROW]: conversation.id }}>
        <RenameField
          title={title}
          onDone={(next, byKey) => {
            refocusTitle.current = byKey;
            setRenaming(false);
            if (next !== null) onRename(conversation.id, next);
          }}
        />
      </li>
    );
  }

  return (
    <li
      className="group relative"
      {...{ [ROVING_ROW]: conversation.id }}
      data-selected={selected || undefined}
    >
      <button
        type="button"
        ref={titleButton}
        {...CELL}
        onClick={() => onSelect(conversation.id)}
        onPointerEnter={() => onPrefetch?.(conversation.id)}
        onFocus={() => onPrefetch?.(conversation.id)}
        aria-current={selected ? 'page' : undefined}
        className={`block w-full truncate rounded-lg px-3 py-2 text-left text-sm transition ${
          selected ? 'bg-slate-200/80 font-medium text-slate-900' : 'text-slate-700 hover:bg-slate-200/50'
        }`}
      >
        {pinned ? (
          <>
            <PinIcon className="mr-1.5 inline size-3 -translate-y-px text-slate-500" aria-hidden="true" />
            <span className="sr-only">Pinned: </span>
          </>
        ) : null}
        {title}
      </button>
      {/* Over the end of the title, shown on hover or when focus is in the row (an open menu keeps
          them); on touch screens, which have no hover, on the open conversation's row. */}
      <div className="pointer-events-none absolute top-1/2 right-1 flex -translate-y-1/2 rounded-md bg-slate-100 opacity-0 shadow-sm ring-1 ring-slate-200 transition group-focus-within:pointer-events-auto group-focus-within:opacity-100 group-hover:pointer-events-auto group-hover:opacity-100 has-data-[state=open]:pointer-events-auto has-data-[state=open]:opacity-100 [@media(hover:none)]:group-data-selected:pointer-events-auto [@media(hover:none)]:group-data-selected:opacity-100">
        <button
          type="button"
          {...CELL}
          onClick={() => onTogglePin(conversation.id)}
          aria-label={`${pinned ? 'Unpin' : 'Pin'} conversation ${title}`}
          className={`${ITEM_ACTION} hover:text-slate-800`}
        >
          {pinned ? <PinOffIcon className="size-3.5" /> : <PinIcon className="size-3.5" />}
        </button>
        <LazyDropdownMenu
          trigger={{
            ...CELL,
            'aria-label': `More actions for conversation ${title}`,
            className: `${ITEM_ACTION} hover:text-slate-800`,
            children: <EllipsisIcon className="size-3.5" />,
          }}
        >
          {(Menu) => (
            <Menu.Portal>
              <Menu.Content align="end" sideOffset={4} className={`${MENU} w-48`}>
                <Menu.Item onSelect={() => setEditingSettings(true)} className={MENU_ITEM}>
                  <SlidersHorizontalIcon className="size-4" aria-hidden="true" />
                  Model settings
                </Menu.Item>
                <Menu.Item onSelect={() => onExport(conversation.id, 'md')} className={MENU_ITEM}>
                  <DownloadIcon className="size-4" aria-hidden="true" />
                  Export as Markdown
                </Menu.Item>
                <Menu.Item onSelect={() => onExport(conversation.id, 'json')} className={MENU_ITEM}>
                  <DownloadIcon className="size-4" aria-hidden="true" />
                  Export as JSON
                </Menu.Item>
              </Menu.Content>
            </Menu.Portal>
          )}
        </LazyDropdownMenu>
        {editingSettings ? (
          <ConversationSettingsDialog conversation={conversation} onClose={() => setEditingSettings(false)} />
        ) : null}
        <button
          type="button"
          {...CELL}
          onClick={() => setRenaming(true)}
          aria-label={`Rename conversation ${title}`}
          className={`${ITEM_ACTION} hover:text-slate-800`}
        >
          <PencilIcon className="size-3.5" />
        </button>
        <ConfirmDialog
          title="Delete conversation"
          description={`Delete “${title}”? Its messages are deleted too.`}
          confirmLabel="Delete"
          onConfirm={() => onDelete(conversation.id)}
          trigger={
            <button
              type="button"
              {...CELL}
              aria-label={`Delete conversation ${title}`}
              className={`${ITEM_ACTION} hover:text-red-600`}
            >
              <Trash2Icon className="size-3.5" />
            </button>
          }
        />
      </div>
    </li>
  );
}
