import { CodeXmlIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ARTIFACT_KINDS, type Artifact } from '../utils/artifact';

/** An artifact in a reply: its title and kind, and 'Open' (the side panel renders it). */
export function ArtifactCard({ artifact, onOpen }: { artifact: Artifact; onOpen: () => void }) {
  return (
    <Card className="not-prose my-4 flex items-center gap-3 p-3 sm:p-4">
      <CodeXmlIcon
        aria-hidden="true"
        className="size-8 shrink-0 rounded-lg bg-indigo-50 p-1.5 text-indigo-600"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900">{artifact.title}</p>
        <p className="text-xs text-slate-500">{ARTIFACT_KINDS[artifact.kind].label}</p>
      </div>
      <Button size="sm" onClick={onOpen} aria-label={`Open ${artifact.title}`}>
        Open
      </Button>
    </Card>
  );
}
