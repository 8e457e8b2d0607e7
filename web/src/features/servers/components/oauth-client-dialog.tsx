import { errorMessage } from '@agentforge/shared';
import { useId, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { Dialog } from '../../../components/dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { oauthRedirectUri, startServerOAuth } from '../api/server-features';
import type { ServerView } from '../api/servers';
import { openAuthorization } from '../utils/oauth-popup';

/** Not worded by the spec: the dialog's title and its text when the user opens it themselves. */
const OWN_CLIENT_TITLE = 'Your own OAuth client';
const OWN_CLIENT_TEXT =
  "Connect with an app you registered with this server's authorization server: register it with the redirect URI below, then enter the client ID (and secret) it gave you.";
const CLIENT_ID_REQUIRED = 'Enter the client ID';

/**
 * The user's own OAuth client for a remote server (an authorization server that registers no
 * clients itself, or the user's choice): Client ID, an optional Client secret, and the redirect
 * URI to register, copyable. Connect opens the authorization page as the card's Connect does; the
 * secret goes to the API once and is never shown again.
 */
export function OAuthClientDialog({
  server,
  reason,
  onStarted,
  onClose,
}: {
  server: ServerView;
  /** Why it is asked for (the API's refusal), else the general explanation. */
  reason?: string | undefined;
  onStarted: () => void;
  onClose: () => void;
}) {
  const formId = useId();
  const redirectUri = oauthRedirectUri();
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [missingId, setMissingId] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const connect = async () => {
    const id = clientId.trim();
    setMissingId(!id);
    if (!id) return;
    setFailure(null);
    setBusy(true);
    try {
      await openAuthorization(() =>
        startServerOAuth(server.id, { clientId: id, ...(clientSecret ? { clientSecret } : {}) }),
      );
      onStarted();
    } catch (error) {
      setFailure(errorMessage(error) || 'The authorization could not start');
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={OWN_CLIENT_TITLE}
      description={server.name}
      onClose={onClose}
      initialFocus="field"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
            Connect
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void connect();
        }}
      >
        {failure ? <FormBanner message={failure} /> : null}
        <p className="text-sm text-slate-600">{reason ?? OWN_CLIENT_TEXT}</p>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700">Redirect URI</p>
          <div className="flex min-w-0 items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
            <code className="min-w-0 flex-1 font-mono text-xs break-all text-slate-800">{redirectUri}</code>
            <CopyButton
              text={redirectUri}
              what="redirect URI"
              className="shrink-0 text-slate-600 hover:bg-slate-100"
            />
          </div>
        </div>
        <TextField
          label="Client ID"
          autoComplete="off"
          spellCheck={false}
          required
          className="font-mono"
          value={clientId}
          error={missingId ? CLIENT_ID_REQUIRED : undefined}
          onChange={(event) => setClientId(event.target.value)}
        />
        <TextField
          label="Client secret"
          labelAside={<span className="text-xs text-slate-500">Optional</span>}
          type="password"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
