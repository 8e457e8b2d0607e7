import { LandingLink } from '../landing-navigation';
import { FOCUS_RING } from './styles';

/** The closing call to action: a free trial (sign-up) or a demo (sign-in). */
export function CallToAction() {
  return (
    <section aria-labelledby="landing-cta-title" className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-16 text-center shadow-2xl sm:px-16">
        <h2
          id="landing-cta-title"
          className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          Ready to build your first agent?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">
          Start for free and connect your first MCP server today.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <LandingLink
            to="/signup"
            className={`rounded-lg bg-white px-6 py-3 text-sm font-semibold text-indigo-700 shadow-sm transition hover:bg-indigo-50 ${FOCUS_RING} focus-visible:outline-white`}
          >
            Start Free Trial
          </LandingLink>
          <LandingLink
            to="/login"
            className={`rounded-lg px-6 py-3 text-sm font-semibold text-white ring-1 ring-white/60 transition hover:bg-white/10 ${FOCUS_RING} focus-visible:outline-white`}
          >
            Schedule Demo
          </LandingLink>
        </div>
      </div>
    </section>
  );
}
