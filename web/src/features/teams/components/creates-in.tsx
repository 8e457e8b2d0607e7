import { useSpaceName } from '../hooks/use-space-name';
import { PERSONAL_SPACE_NAME } from '../utils/space';

/**
 * 'in <space>' on a create button (New Chat, a new server, an import), so nothing lands in a team
 * by accident. Shown only to members of a team; the button's accessible name stays its label and
 * the space is its description (`aria-describedby={id}`, one `id` per screen).
 */
export function CreatesIn({ id }: { id?: string }) {
  const space = useSpaceName();
  return (
    <>
      {space ? (
        <span aria-hidden="true" className="ml-auto truncate pl-2 text-xs font-normal text-slate-500">
          in {space}
        </span>
      ) : null}
      {id ? (
        <span id={id} hidden>
          {space ? `Creates it in ${space === PERSONAL_SPACE_NAME ? 'your personal space' : space}` : ''}
        </span>
      ) : null}
    </>
  );
}
