import { Select } from '../../../components/ui/select';
import type { Library, LibraryScope } from '../hooks/use-library';

/** The team's library or the caller's own, in a team's space only (nothing in the personal space). */
export function LibrarySelect({
  scope,
  ownLabel,
  onChange,
}: {
  scope: LibraryScope;
  /** How the caller's own library is named ('Your prompts'). */
  ownLabel: string;
  /** Besides switching (e.g. clearing a notice about the other library). */
  onChange?: (library: Library) => void;
}) {
  if (!scope.teamId) return null;
  return (
    <Select
      aria-label="Library"
      value={scope.library}
      onChange={(event) => {
        const library = event.target.value as Library;
        scope.setLibrary(library);
        onChange?.(library);
      }}
    >
      <option value="team">{scope.team?.name ?? 'Team'} (team)</option>
      <option value="own">{ownLabel}</option>
    </Select>
  );
}
