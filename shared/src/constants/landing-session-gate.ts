/**
 * The prerendered landing page's one inline script (web/landing.html, in <head>): in a browser
 * that may hold a session, as `mayBeSignedIn` in web/src/features/auth/api/identity-loader.ts
 * decides (a user stored by the identity library, or a sign-in's return with a state and a code or an
 * error: the app reports the error),
 * it hides the page before its first paint and marks it for the app, which checks the session
 * (spec 2: the landing page shows nothing while it checks). The Content-Security-Policy allows
 * exactly this text by its hash (lib/security-headers.ts).
 */
export const LANDING_SESSION_GATE = `(function () {
  try {
    var search = new URLSearchParams(location.search);
    var returning = search.has('state') && (search.has('code') || search.has('error'));
    var stored = Object.keys(localStorage).some(function (key) {
      return key.indexOf('CognitoIdentityServiceProvider.') === 0 && /\\.LastAuthUser$/.test(key);
    });
    if (!returning && !stored) return;
  } catch (error) {}
  document.documentElement.dataset.session = 'maybe';
  document.documentElement.style.visibility = 'hidden';
})();`;
