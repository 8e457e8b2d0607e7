import { useCallback, useState } from 'react';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { useSignOut } from '../../../features/auth/hooks/use-sign-out';
import { useSignedInEmail } from '../../../features/auth/hooks/use-signed-in-email';
import { ChatScreen } from '../../../features/chat/components/chat-screen';
import { useProviders } from '../../../features/chat/hooks/use-providers';
import { useUserCheck } from '../../../features/chat/hooks/use-user-check';
import { SettingsPanel } from '../../../features/settings/components/settings-panel';

/**
 * /home (signed-in): the chat, with the settings (API keys) in a slide-over. If the current user
 * fails to load, the user is signed out and sent to / (spec 2). The route composes the features:
 * the settings tell the chat's provider list when keys change.
 */
export function Component() {
  const { user } = useAuth();
  const signedInEmail = useSignedInEmail();
  const { signOut, signingOut } = useSignOut();
  const userCheck = useUserCheck(() => void signOut());
  const providers = useProviders();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);

  return (
    <>
      <h1 className="sr-only">Home</h1>
      <ChatScreen
        providers={providers}
        email={userCheck?.email ?? signedInEmail}
        hasUser={user !== null}
        onOpenSettings={openSettings}
        onSignOut={() => void signOut()}
        signingOut={signingOut}
      />
      {settingsOpen ? <SettingsPanel onClose={closeSettings} onKeysChanged={providers.reload} /> : null}
    </>
  );
}
