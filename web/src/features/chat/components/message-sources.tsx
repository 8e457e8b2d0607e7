import { WEB_SEARCH_MESSAGES, type WebSource } from '@agentforge/shared';

/** The site a source is on, as people read it (no `www.`); null for a URL that is not a web page's. */
function siteOf(url: string): string | null {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? hostname.replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}

/**
 * The pages a reply's web search found, numbered as the reply cites them ([1], [2]…): title and
 * site, each opening in a new tab with no access back to the app (noopener noreferrer), and the
 * passage cited where the provider's own search gave it. Loaded with the first reply that has
 * sources (assistant-message.tsx).
 */
export default function MessageSources({ sources }: { sources: WebSource[] }) {
  return (
    <section
      aria-label={WEB_SEARCH_MESSAGES.sources}
      className="mt-3 rounded-xl border border-slate-200 px-3 py-2"
    >
      <h3 className="text-xs font-semibold text-slate-600">{WEB_SEARCH_MESSAGES.sources}</h3>
      <ol className="mt-1 space-y-1.5">
        {sources.map((source, index) => {
          const site = siteOf(source.url);
          return (
            <li key={source.url} className="flex min-w-0 gap-2 text-sm">
              <span className="shrink-0 text-slate-600 tabular-nums">[{index + 1}]</span>
              <div className="min-w-0">
                {site ? (
                  <a
                    href={source.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="min-w-0 break-words text-indigo-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-indigo-500"
                  >
                    {source.title}
                    <span className="text-xs text-slate-600"> · {site}</span>
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <span className="min-w-0 break-words">{source.title}</span>
                )}
                {source.quote ? (
                  <q className="block break-words text-xs text-slate-600 italic">{source.quote}</q>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
