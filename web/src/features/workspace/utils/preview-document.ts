import { languageOfPath } from '@agentforge/shared';

/** The page the preview frame loads (served with its own policy: lib/security-headers.ts). */
export const PREVIEW_PAGE_PATH = '/workspace-preview.html';

/** The messages between the app and its preview frame. */
export const PREVIEW_MESSAGES = {
  /** frame -> app: ready for the page. */
  ready: 'agentforge-preview-ready',
  /** app -> frame: `{ type, html }`, the page to render. */
  render: 'agentforge-preview',
  /** frame -> app: `{ type, text }`, an error of the page's scripts. */
  error: 'agentforge-preview-error',
} as const;

/** Text that is safe inside a <script> element: no '</script' can end it. */
const scriptSafe = (text: string) => text.replace(/<\/script/gi, '<\\/script');

/**
 * Runs first in the preview: relays the page's script errors (uncaught errors, rejections and
 * console.error) to the app, which shows them under the preview.
 */
const ERROR_RELAY = `(function () {
  var send = function (text) {
    parent.postMessage({ type: '${PREVIEW_MESSAGES.error}', text: String(text) }, location.origin);
  };
  addEventListener('error', function (event) {
    send(event.message + (event.lineno ? ' (line ' + event.lineno + ')' : ''));
  });
  addEventListener('unhandledrejection', function (event) {
    send('Unhandled rejection: ' + (event.reason && event.reason.message ? event.reason.message : event.reason));
  });
  var error = console.error;
  console.error = function () {
    send(Array.prototype.map.call(arguments, String).join(' '));
    return error.apply(console, arguments);
  };
})();`;

/**
 * The preview page of 'Render Preview' (spec 2: all files joined and rendered as markup): the
 * HTML files' markup in path order (their inline scripts and handlers run as written), the CSS
 * files as <style>, the JavaScript files as scripts after the markup in path order; other files
 * are left out. It is written into the sandboxed preview page, whose own policy allows inline
 * scripts: an opaque origin that reaches nothing of the app.
 */
export function previewDocument(files: readonly { path: string; content: string }[]): string {
  const sorted = [...files].sort((a, b) => a.path.localeCompare(b.path));
  const of = (language: string) => sorted.filter((file) => languageOfPath(file.path) === language);
  const styles = of('css')
    .map((file) => `<style>\n${file.content.replace(/<\/style/gi, '<\\/style')}\n</style>`)
    .join('\n');
  const markup = of('html')
    .map((file) => file.content)
    .join('\n');
  const scripts = of('javascript').map((file) => `<script>\n${scriptSafe(file.content)}\n</script>`);
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<script>${ERROR_RELAY}</script>`,
    styles,
    '</head><body>',
    markup,
    ...scripts,
    '</body></html>',
  ].join('\n');
}
