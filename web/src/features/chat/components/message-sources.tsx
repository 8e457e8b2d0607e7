import { WEB_SEARCH_MESSAGES, type WebSource } from '@agentforge/shared';
import { ReferenceList } from './reference-list';

/** The site a source is on, as people read it (no `www.`); null for a URL that is not a web page's. */
function siteOf(url: string): string | null {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? hostname.replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}

function Source({ source }: { source: WebSource }) {
  const site = siteOf(source.url);
  return (
    <>
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
    </>
  );
}

/**
 * The pages a reply's web search found, numbered as the reply cites them ([1], [2]…): title and
 * site, each opening in a new tab with no access back to the app (noopener noreferrer), and the
 * passage cited where the provider's own search gave it. Loaded with the first reply that has
 * sources (assistant-message.tsx).
 */
export default function MessageSources({ sources }: { sources: WebSource[] }) {
  return (
    <ReferenceList
      label={WEB_SEARCH_MESSAGES.sources}
      items={sources}
      itemKey={(source) => source.url}
      renderItem={(source) => <Source source={source} />}
    />
  );
}
