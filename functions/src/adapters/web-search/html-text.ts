import type { WebPage } from '../../domain/chat/web-search.js';

/* The text of an HTML page (the web search's page reader and knowledge files' extraction). */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** A page's readable text: no scripts, styles or markup, blocks on their own lines. */
export function htmlToText(html: string): WebPage {
  const title = html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1];
  const text = html
    .replace(/<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?(p|div|br|li|h[1-6]|tr|section|article|header|footer|pre|blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ');
  const clean = (value: string) =>
    decodeEntities(value)
      .replace(/[ \t\f\v\r]+/g, ' ')
      .replace(/ *\n[\s]*/g, '\n')
      .trim();
  const shownTitle = title ? clean(title) : '';
  return { ...(shownTitle ? { title: shownTitle } : {}), text: clean(text) };
}
