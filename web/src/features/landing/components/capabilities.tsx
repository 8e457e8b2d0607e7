import { CAPABILITIES } from '../landing-content';
import { CheckIcon } from './icons';
import { SectionHeading } from './section-heading';

/** The three capability cards: tools, data and automation, security. */
export function Capabilities() {
  return (
    <section
      id="features"
      aria-labelledby="landing-features-title"
      className="scroll-mt-20 bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="landing-features-title"
          eyebrow="Capabilities"
          title="Everything your agents need"
          lead="Tools, data and guardrails, ready for individual developers and whole companies."
        />
        <div className="mt-14 grid gap-8 lg:grid-cols-3">
          {CAPABILITIES.map((capability) => (
            <article
              key={capability.title}
              className="flex flex-col rounded-2xl bg-gradient-to-b from-slate-50 to-white p-8 ring-1 ring-slate-200"
            >
              <h3 className="text-lg font-semibold text-slate-900">{capability.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{capability.description}</p>
              <ul className="mt-6 space-y-3">
                {capability.points.map((point) => (
                  <li key={point} className="flex items-start gap-3 text-sm text-slate-700">
                    <CheckIcon className="mt-0.5 size-5 shrink-0 text-indigo-600" />
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
