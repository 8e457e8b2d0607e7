import { isTransitionalServerStatus } from '@agentforge/shared';
import type { ServerView } from '../api/servers';
import { hintOf, pillTextOf } from '../utils/server-status-text';

type Tone = 'success' | 'danger' | 'warning' | 'progress' | 'neutral';

const TONES: Readonly<Record<Tone, { pill: string; dot: string }>> = {
  success: { pill: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20', dot: 'bg-emerald-500' },
  danger: { pill: 'bg-red-50 text-red-700 ring-red-600/20', dot: 'bg-red-500' },
  warning: { pill: 'bg-amber-50 text-amber-800 ring-amber-600/20', dot: 'bg-amber-500' },
  progress: { pill: 'bg-sky-50 text-sky-700 ring-sky-600/20', dot: 'bg-sky-500' },
  neutral: { pill: 'bg-slate-100 text-slate-600 ring-slate-500/15', dot: 'bg-slate-400' },
};

export function toneOf(server: Pick<ServerView, 'status' | 'healthStatus'>): Tone {
  if (isTransitionalServerStatus(server.status)) return 'progress';
  if (server.status === 'error') return 'danger';
  if (server.status !== 'enabled') return 'neutral';
  if (server.healthStatus === 'running') return 'success';
  return server.healthStatus === 'error' ? 'danger' : 'warning';
}

/** The status as a coloured pill, with a spinner while the server changes state. */
export function ServerStatusPill({ server }: { server: ServerView }) {
  const tone = TONES[toneOf(server)];
  const moving = isTransitionalServerStatus(server.status);
  const hint = hintOf(server);
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap ring-1 ${tone.pill}`}
    >
      {moving ? (
        <span
          aria-hidden="true"
          className="size-2.5 animate-spin rounded-full border-2 border-sky-300 border-t-sky-700"
        />
      ) : (
        <span aria-hidden="true" className={`size-1.5 rounded-full ${tone.dot}`} />
      )}
      {pillTextOf(server)}
      {hint ? <span className="font-normal">· {hint}</span> : null}
    </span>
  );
}

/** A small coloured dot for lists. */
export function ServerStatusDot({ server }: { server: ServerView }) {
  return <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${TONES[toneOf(server)].dot}`} />;
}
