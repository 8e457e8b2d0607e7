import { AUTH_MESSAGES } from '@agentforge/shared';
import { type FormEvent, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { describeAuthError } from '../api/auth-errors';
import { findSsoProvider, NO_SSO_MESSAGE, signInWithSso } from '../api/sso';
import { useRedirectTarget } from '../hooks/use-redirect-target';

/**
 * 'Sign in with SSO' (issue 34): the work e-mail first, then the hosted sign-in through the
 * identity provider of its team (the domain it verified), back to the `from` location.
 */
export function SsoSignIn() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const returnTo = useRedirectTarget();

  if (!open) {
    return (
      <Button size="lg" onClick={() => setOpen(true)} className="mt-3 w-full">
        Sign in with SSO
      </Button>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setBanner(null);
    try {
      const providerName = await findSsoProvider(email);
      if (!providerName) {
        setBanner(NO_SSO_MESSAGE);
        setBusy(false);
        return;
      }
      await signInWithSso(providerName, returnTo);
      // The browser is leaving for the hosted sign-in page: stay busy.
    } catch (error) {
      setBanner(describeAuthError(error).message);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3 space-y-3" aria-label="Sign in with SSO">
      {banner ? <FormBanner message={banner} /> : null}
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setBanner(null);
        }}
        required
        autoFocus
      />
      <Button
        type="submit"
        variant="primary"
        size="lg"
        disabled={busy || !email.includes('@')}
        className="w-full"
      >
        {busy ? AUTH_MESSAGES.loading : 'Continue with SSO'}
      </Button>
    </form>
  );
}
