import { PauseIcon, PlayIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DEMO_VIDEOS, type DemoScene } from '../landing-content';
import { SectionHeading } from './section-heading';

/** How long each frame of a demo shows. */
export const DEMO_FRAME_MS = 1_600;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** The frame to show: advancing in a loop while playing; the last one, still, for reduced motion. */
function useFrame(count: number, playing: boolean): number {
  const [frame, setFrame] = useState(() => (prefersReducedMotion() ? count - 1 : 0));
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setFrame((current) => (current + 1) % count), DEMO_FRAME_MS);
    return () => clearInterval(timer);
  }, [count, playing]);
  return frame;
}

const STATUS_STEPS = [
  { text: 'Defined', tone: 'bg-slate-100 text-slate-700' },
  { text: 'Provisioning...', tone: 'bg-amber-100 text-amber-800' },
  { text: 'Starting...', tone: 'bg-amber-100 text-amber-800' },
  { text: 'Running', tone: 'bg-emerald-100 text-emerald-800' },
  { text: 'Running', tone: 'bg-emerald-100 text-emerald-800' },
  { text: 'Running', tone: 'bg-emerald-100 text-emerald-800' },
];

function DeployServerScene({ frame }: { frame: number }) {
  const status = STATUS_STEPS[frame] ?? STATUS_STEPS[0];
  return (
    <div className="flex size-full flex-col gap-3 p-5 text-left">
      <div className="rounded-xl bg-slate-800 p-4 ring-1 ring-white/10">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-semibold text-white">Everything</p>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status?.tone}`}>
            {status?.text}
          </span>
        </div>
        <p className="mt-1 font-mono text-xs text-slate-400">@modelcontextprotocol/server-everything</p>
        <p className="mt-1 text-xs text-slate-400">Idle timeout: 15 min · isolated container</p>
      </div>
      {frame >= 3 ? (
        <p className="self-end rounded-2xl bg-indigo-600 px-3 py-1.5 text-sm text-white">
          Echo “hello, tools”
        </p>
      ) : null}
      {frame >= 4 ? (
        <p className="self-start rounded-lg bg-slate-800 px-3 py-1.5 font-mono text-xs text-emerald-300 ring-1 ring-white/10">
          ✓ echo → Echo: hello, tools
        </p>
      ) : null}
      {frame >= 5 ? (
        <p className="self-start rounded-2xl bg-slate-800 px-3 py-1.5 text-sm text-slate-100">
          The server answered: “hello, tools”.
        </p>
      ) : null}
    </div>
  );
}

const MODEL_TURNS = [
  { model: 'Claude', reply: 'Postgres with pgvector keeps one database to run.' },
  { model: 'GPT-4', reply: 'A managed vector store scales without tuning.' },
  { model: 'Gemini', reply: 'Benchmark both on your own documents first.' },
];

function MultiModelScene({ frame }: { frame: number }) {
  const shown = MODEL_TURNS.slice(0, Math.floor(frame / 2) + 1);
  const current = shown.at(-1);
  return (
    <div className="flex size-full flex-col gap-3 p-5 text-left">
      <div className="flex items-center gap-2">
        {MODEL_TURNS.map((turn) => (
          <span
            key={turn.model}
            className={`rounded-full px-2.5 py-1 text-xs font-semibold ${
              turn.model === current?.model ? 'bg-indigo-500 text-white' : 'bg-slate-800 text-slate-400'
            }`}
          >
            {turn.model}
          </span>
        ))}
      </div>
      <p className="self-end rounded-2xl bg-indigo-600 px-3 py-1.5 text-sm text-white">
        Which vector database for RAG?
      </p>
      {shown.map((turn, index) => (
        <p
          key={turn.model}
          className="self-start rounded-2xl bg-slate-800 px-3 py-1.5 text-sm text-slate-100"
        >
          <span className="mr-1.5 text-xs font-semibold text-indigo-300">{turn.model}</span>
          {index === shown.length - 1 && frame % 2 === 0 ? `${turn.reply.slice(0, 18)}…` : turn.reply}
        </p>
      ))}
    </div>
  );
}

const SCENES: Record<DemoScene, { frames: number; render: (frame: number) => React.ReactNode }> = {
  'deploy-server': { frames: STATUS_STEPS.length, render: (frame) => <DeployServerScene frame={frame} /> },
  'multi-model-chat': {
    frames: MODEL_TURNS.length * 2,
    render: (frame) => <MultiModelScene frame={frame} />,
  },
};

function DemoPlayer({ scene, title }: { scene: DemoScene; title: string }) {
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const { frames, render } = SCENES[scene];
  const frame = useFrame(frames, playing);
  return (
    <div className="relative aspect-video bg-slate-900">
      <div aria-hidden="true" className="size-full overflow-hidden">
        {render(frame)}
      </div>
      <button
        type="button"
        onClick={() => setPlaying((value) => !value)}
        aria-label={`${playing ? 'Pause' : 'Play'} demo: ${title}`}
        className="absolute right-3 bottom-3 rounded-full bg-slate-800/90 p-2 text-slate-200 ring-1 ring-white/20 transition hover:bg-slate-700"
      >
        {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
      </button>
    </div>
  );
}

/** The two demos, looping animations of the product's screens (with pause, and still for reduced motion). */
export function DemoVideos() {
  return (
    <section aria-labelledby="landing-demos-title" className="bg-slate-950 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="landing-demos-title"
          tone="dark"
          eyebrow="See it in action"
          title="From tool server to answer in minutes"
          lead="Deploy a tool server for your agent, then chat with the model of your choice."
        />
        <div className="mt-14 grid gap-8 lg:grid-cols-2">
          {DEMO_VIDEOS.map((video) => (
            <figure
              key={video.id}
              className="overflow-hidden rounded-2xl bg-slate-900 shadow-2xl ring-1 ring-white/10"
            >
              <DemoPlayer scene={video.id} title={video.title} />
              <figcaption className="p-6">
                <h3 className="text-lg font-semibold text-white">{video.title}</h3>
                <p className="mt-2 text-sm text-slate-400">{video.description}</p>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
