import { MODEL_TILES } from '../landing-content';
import { PlusIcon } from './icons';
import { SectionHeading } from './section-heading';

/** The six model families, each with its bundled mark (the Custom tile has a glyph). */
export function ModelGrid() {
  return (
    <section id="models" aria-labelledby="landing-models-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="landing-models-title"
          eyebrow="Every model, one interface"
          title="Chat with the model that fits the task"
          lead="Switch between leading model families, or plug in your own, without changing how you work."
        />
        <ul className="mt-14 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {MODEL_TILES.map((model) => (
            <li
              key={model.name}
              className="flex items-start gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-50 ring-1 ring-slate-200">
                {model.logo ? (
                  <svg
                    role="img"
                    aria-label={`${model.name} logo`}
                    viewBox="0 0 24 24"
                    width={28}
                    height={28}
                    fill={`#${model.logo.hex}`}
                    className="size-7"
                  >
                    <path d={model.logo.path} />
                  </svg>
                ) : model.monogram ? (
                  <span
                    role="img"
                    aria-label={`${model.name} logo`}
                    className="text-xs font-bold tracking-tight text-slate-800"
                  >
                    {model.monogram}
                  </span>
                ) : (
                  <PlusIcon className="size-6 text-indigo-600" />
                )}
              </div>
              <div>
                <h3 className="text-base font-semibold text-slate-900">{model.name}</h3>
                <p className="text-xs font-medium text-slate-500">{model.vendor}</p>
                <p className="mt-2 text-sm text-slate-600">{model.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
