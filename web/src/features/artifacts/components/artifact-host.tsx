import { createContext, lazy, type ReactNode, Suspense, useContext, useState } from 'react';
import type { Artifact } from '../utils/artifact';

const ArtifactPanel = lazy(() => import('./artifact-panel'));

const ArtifactOpener = createContext<((artifact: Artifact) => void) | null>(null);

/** Opens an artifact's panel; null outside a chat that shows them (a code block stays a code block). */
export function useArtifactOpener(): ((artifact: Artifact) => void) | null {
  return useContext(ArtifactOpener);
}

/**
 * Where a chat's artifacts open: its replies' cards open the panel (its code loaded on first use),
 * which finds the artifact's versions among `messages`.
 */
export function ArtifactHost({
  messages,
  children,
}: {
  messages: readonly { role: string; content: string }[];
  children: ReactNode;
}) {
  const [open, setOpen] = useState<Artifact | null>(null);
  return (
    <ArtifactOpener.Provider value={setOpen}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <ArtifactPanel artifact={open} messages={messages} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </ArtifactOpener.Provider>
  );
}
