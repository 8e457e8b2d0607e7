const htmlEscape = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The local Google's sign-in page: an 'Email' field, 'Continue' and 'Cancel' (issue 34), clearly
 * marked as a local stand-in. The authorization request's parameters ride along as hidden fields.
 */
export function signInPage(params: URLSearchParams, error?: string): string {
  const hidden = [...params.entries()]
    .filter(([name]) => name !== 'login_hint')
    .map(([name, value]) => `<input type="hidden" name="${htmlEscape(name)}" value="${htmlEscape(value)}">`)
    .join('\n        ');
  const hint = params.get('login_hint') ?? '';
  const alert = error ? `<p role="alert" class="error">${htmlEscape(error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Sign in with Google (local test Google)</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f0f4f9; color: #1f1f1f; margin: 0; }
      main { max-width: 28rem; margin: 4rem auto; background: #fff; border-radius: 28px; padding: 2.25rem; }
      .badge { display: inline-block; background: #fff8c5; border: 1px solid #d4a72c; border-radius: 2rem; padding: 0.1rem 0.6rem; font-size: 0.85rem; }
      label { display: block; margin: 1.25rem 0 0.25rem; font-weight: 600; }
      input[type=email] { width: 100%; box-sizing: border-box; padding: 0.6rem; font-size: 1rem; border: 1px solid #747775; border-radius: 4px; }
      .actions { display: flex; gap: 0.75rem; justify-content: flex-end; margin-top: 1.5rem; }
      button { font-size: 1rem; padding: 0.55rem 1.25rem; border-radius: 2rem; border: 1px solid #0b57d0; cursor: pointer; }
      button[value=continue] { background: #0b57d0; color: #fff; }
      button[value=cancel] { background: #fff; color: #0b57d0; }
      button:focus-visible, input:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
      .error { color: #b3261e; }
    </style>
  </head>
  <body>
    <main>
      <p class="badge">Local test Google: not accounts.google.com</p>
      <h1>Sign in</h1>
      <p>to continue to AgentForge (local)</p>
      ${alert}
      <form method="post" action="/o/oauth2/v2/auth">
        ${hidden}
        <label for="email">Email</label>
        <input id="email" name="email" type="email" value="${htmlEscape(hint)}" autocomplete="email" required>
        <div class="actions">
          <button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
          <button type="submit" name="decision" value="continue">Continue</button>
        </div>
      </form>
    </main>
  </body>
</html>`;
}
