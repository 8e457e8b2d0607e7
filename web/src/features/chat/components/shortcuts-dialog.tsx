import { Fragment } from 'react';
import { Dialog } from '../../../components/dialog';
import { availableShortcuts } from '../hooks/use-shortcuts';

const isMac = () => /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '');

/** '?': the list of the keyboard shortcuts, with the keys of this machine (⌘ on a Mac). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const modKey = isMac() ? '⌘' : 'Ctrl';
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} width="max-w-md">
      <dl className="divide-y divide-slate-100">
        {availableShortcuts().map((shortcut) => (
          <div key={shortcut.action} className="flex items-center justify-between gap-4 py-2.5">
            <dt className="text-sm text-slate-700">{shortcut.description}</dt>
            <dd className="flex shrink-0 items-center gap-1">
              {shortcut.keys.map((name, index) => (
                <Fragment key={name}>
                  {index > 0 ? <span className="text-xs text-slate-500">+</span> : null}
                  <kbd className="rounded-md bg-slate-100 px-1.5 py-0.5 font-sans text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
                    {name === 'Mod' ? modKey : name}
                  </kbd>
                </Fragment>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        In the conversation list, the arrow keys move between chats and a chat's actions; Tab leaves the list.
      </p>
    </Dialog>
  );
}
