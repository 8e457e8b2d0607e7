import type { ToolsOffered as Offered } from '@agentforge/shared';
import { WrenchIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';

/** The tool the API adds when it offers only some of the tools (tool-selection.ts). */
const SEARCH_TOOLS = 'search_tools';

/**
 * Which tools the reply offered the model: 'Tools offered: 19 of 200', opened to list them. Past
 * the budget they are the message's most relevant ones, and search_tools found the rest. The list
 * is rendered only once opened (a tool's name is not on the page twice while it is closed).
 */
export function ToolsOffered({ offered }: { offered: Offered }) {
  const tools = offered.names.filter((name) => name !== SEARCH_TOOLS);
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group my-2 text-xs text-slate-600"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded-md px-1 py-0.5 font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500">
        <WrenchIcon aria-hidden="true" className="size-3.5" />
        {`Tools offered: ${tools.length} of ${offered.total}`}
      </summary>
      {open ? (
        <div className="mt-1 space-y-1.5 pl-1">
          {offered.selected ? (
            <p>
              The tools most relevant to this message, and search_tools, which the model can use to find
              others.
            </p>
          ) : null}
          <ul aria-label="Tools offered" className="flex flex-wrap gap-1">
            {tools.map((name) => (
              <li key={name}>
                <Badge tone="outline" className="font-mono">
                  {name}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </details>
  );
}
