import { languageOfPath } from '@agentforge/shared';

/** The static script (web/public) that runs the preview's scripts from blob: URLs. */
export const PREVIEW_RUNNER_PATH = '/workspace-preview-runner.js';

/** Marks a user's inline <script> so it does not run as parsed: the runner runs it (see below). */
export const INLINE_SCRIPT_ATTRIBUTE = 'data-preview-inline';

/** JSON that is safe inside a <script> element: no '<' can end it. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The preview page of 'Render Preview' (spec 2: all files joined and rendered as markup): the
 * HTML files' markup in path order, the CSS files as <style>, the JavaScript files run after
 * the markup in path order; other files are left out.
 *
 * The page is an iframe's srcdoc, so it lives under the app's CSP (no inline scripts): every
 * script, the JavaScript files and the HTML files' inline <script>s alike, is handed to the
 * runner (a script from the app's origin), which runs each from a blob: URL, in order. The page's
 * own policy (a meta CSP, which can only narrow the inherited one) allows just that, so the preview
 * runs the same under the local dev server's looser policy as on AWS, and loads no remote script.
 */
export function previewDocument(
  files: readonly { path: string; content: string }[],
  runnerUrl: string,
): string {
  const sorted = [...files].sort((a, b) => a.path.localeCompare(b.path));
  const of = (language: string) => sorted.filter((file) => languageOfPath(file.path) === language);
  const styles = of('css')
    .map((file) => `<style>\n${file.content.replace(/<\/style/gi, '<\\/style')}\n</style>`)
    .join('\n');
  // A type the browser does not run comes first (the parser keeps an attribute's first value).
  const markup = of('html')
    .map((file) =>
      file.content.replace(
        /<script\b(?![^>]*\bsrc\s*=)/gi,
        `<script type="text/plain" ${INLINE_SCRIPT_ATTRIBUTE}`,
      ),
    )
    .join('\n');
  const scripts = of('javascript').map((file) => file.content);
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="script-src ${runnerUrl} blob:; object-src 'none'; base-uri 'none'">`,
    styles,
    '</head><body>',
    markup,
    `<script type="application/json" id="preview-scripts">${scriptSafeJson(scripts)}</script>`,
    `<script src="${runnerUrl}"></script>`,
    '</body></html>',
  ].join('\n');
}
