import { HOW_IT_WORKS_STEPS } from '../landing-content';
import { SectionHeading } from './section-heading';

/** The three steps from sign-up to a working agent. */
export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="landing-how-title"
      className="scroll-mt-20 bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="landing-how-title"
          eyebrow="Three steps"
          title="How it works"
          lead="Go from an idea to an agent that uses your tools in a few minutes."
        />
        <ol className="mt-14 grid gap-8 md:grid-cols-3">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl bg-slate-50 p-8 ring-1 ring-slate-200">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-indigo-600 text-base font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-6 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
