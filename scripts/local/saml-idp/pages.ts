import { xmlEscape as htmlEscape } from './response.js';

const STYLE = `
      body { font-family: system-ui, sans-serif; background: #eef2f6; color: #1f2328; margin: 0; }
      main { max-width: 28rem; margin: 4rem auto; background: #fff; border-radius: 12px; padding: 2.25rem; }
      .badge { display: inline-block; background: #fff8c5; border: 1px solid #d4a72c; border-radius: 2rem; padding: 0.1rem 0.6rem; font-size: 0.85rem; }
      label { display: block; margin: 1.25rem 0 0.25rem; font-weight: 600; }
      input[type=email] { width: 100%; box-sizing: border-box; padding: 0.6rem; font-size: 1rem; border: 1px solid #6e7781; border-radius: 6px; }
      .actions { display: flex; gap: 0.75rem; justify-content: flex-end; margin-top: 1.5rem; }
      button { font-size: 1rem; padding: 0.55rem 1.25rem; border-radius: 6px; border: 1px solid #0550ae; cursor: pointer; }
      button[value=continue] { background: #0550ae; color: #fff; }
      button[value=cancel] { background: #fff; color: #0550ae; }
      button:focus-visible, input:focus-visible { outline: 3px solid #0550ae; outline-offset: 2px; }
      .error { color: #b3261e; }`;

const page = (title: string, body: string, head = '') => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${title}</title>
    <style>${STYLE}
    </style>${head}
  </head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>`;

/**
 * The local SAML IdP's sign-in page: 'Email', 'Continue' and 'Cancel' (like the local Google's),
 * marked as a local stand-in. The AuthnRequest and the RelayState ride along as hidden fields.
 */
export function samlSignInPage(
  request: { samlRequest: string; relayState: string; serviceProvider: string },
  error?: string,
): string {
  const alert = error ? `<p role="alert" class="error">${htmlEscape(error)}</p>` : '';
  return page(
    'Sign in (local test SAML identity provider)',
    `      <p class="badge">Local test SAML identity provider</p>
      <h1>Sign in</h1>
      <p>to continue to ${htmlEscape(request.serviceProvider)}</p>
      ${alert}
      <form method="post" action="/sso">
        <input type="hidden" name="SAMLRequest" value="${htmlEscape(request.samlRequest)}">
        <input type="hidden" name="RelayState" value="${htmlEscape(request.relayState)}">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="email" required>
        <div class="actions">
          <button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
          <button type="submit" name="decision" value="continue">Continue</button>
        </div>
      </form>`,
  );
}

/** The HTTP-POST binding: a form to the service provider's ACS, sent by a script at once (a button without scripts). */
export function postBindingPage(
  acsUrl: string,
  fields: { SAMLResponse: string; RelayState: string },
  nonce: string,
): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${htmlEscape(value)}">`)
    .join('\n        ');
  return page(
    'Signing in…',
    `      <h1>Signing in…</h1>
      <form method="post" action="${htmlEscape(acsUrl)}">
        ${hidden}
        <noscript><button type="submit" value="continue">Continue</button></noscript>
      </form>
      <script nonce="${nonce}">document.forms[0].submit();</script>`,
  );
}
