import type { OutboxEntry } from './outbox.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The local outbox: every e-mail the identity service would have sent, newest first. */
export function renderOutboxPage(entries: readonly OutboxEntry[]): string {
  const rows = [...entries]
    .reverse()
    .map(
      (entry) => `<li class="entry" data-kind="${escapeHtml(entry.kind)}">
  <div class="meta"><time>${escapeHtml(entry.at)}</time> to <strong class="to">${escapeHtml(entry.to)}</strong></div>
  <div class="subject">${escapeHtml(entry.subject)}</div>
  <div>Code: <code class="code">${escapeHtml(entry.code)}</code></div>
  <pre>${escapeHtml(entry.text)}</pre>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>Local outbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;color:#111}
ul{list-style:none;padding:0}.entry{border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:.75rem 0}
.meta{color:#666;font-size:.85rem}.subject{font-weight:600;margin:.25rem 0}.code{font-size:1.25rem}
pre{white-space:pre-wrap;color:#444}
</style>
</head>
<body>
<h1>Local outbox</h1>
<p>Messages the local stack would have e-mailed (sign-up and password-reset codes). This page refreshes every 5 s.</p>
${entries.length ? `<ul>${rows}</ul>` : '<p>No messages yet.</p>'}
</body>
</html>`;
}
