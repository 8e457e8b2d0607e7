import { EXAMPLE_TASKS } from '../landing-content';
import { CheckIcon } from './icons';
import { MockChat } from './mock-chat';

/** The hero: the pitch, example tasks and the mock chat. */
export function Hero() {
  return (
    <section aria-labelledby="landing-hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-indigo-100/80 via-violet-50/60 to-transparent"
      />
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 lg:px-8">
        <h1
          id="landing-hero-title"
          className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-sm font-semibold tracking-wide text-transparent uppercase sm:text-base"
        >
          AI Agent Platform
        </h1>
        <p className="mx-auto mt-4 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl">
          Create Your Own AI Agent with MCP Servers
        </p>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">
          Connect your tools, pick your models and let an agent do the work. For example:
        </p>
        <ul className="mx-auto mt-6 flex max-w-3xl flex-wrap justify-center gap-x-6 gap-y-3">
          {EXAMPLE_TASKS.map((task) => (
            <li key={task} className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <CheckIcon className="size-5 text-indigo-600" />
              {task}
            </li>
          ))}
        </ul>
        <div className="mt-12">
          <MockChat />
        </div>
      </div>
    </section>
  );
}
