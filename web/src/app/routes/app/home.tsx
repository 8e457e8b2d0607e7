import type { StreamStatus } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { useSignOut } from '../../../features/auth/hooks/use-sign-out';
import { useSignedInEmail } from '../../../features/auth/hooks/use-signed-in-email';
import { billingKeys } from '../../../features/billing/api/queries';
import { ChatScreen } from '../../../features/chat/components/chat-screen';
import { useProviders } from '../../../features/chat/hooks/use-providers';
import type { ServerAttachment } from '../../../features/chat/hooks/use-server-attachment';
import { useUserCheck } from '../../../features/chat/hooks/use-user-check';
import { serverKeys } from '../../../features/servers/api/queries';
import { ServerConfigModal } from '../../../features/servers/components/lazy-server-config-modal';
import { ServersView } from '../../../features/servers/components/lazy-servers-view';
import { ServerControls } from '../../../features/servers/components/server-controls';
import { useServers } from '../../../features/servers/hooks/use-servers';
import { useUsage } from '../../../features/servers/hooks/use-usage';
import { useSpace } from '../../../features/teams/hooks/use-space';
import type { RouteHandle } from '../../route-handle';

/** `/home?feature=settings` opens the settings, `/home?feature=subscription` 'Subscription & Usage'. */
const SETTINGS_FEATURE = 'settings';
const SUBSCRIPTION_FEATURE = 'subscription';

export const handle: RouteHandle = { title: 'Chat' };

/** Loaded when first opened: /home's first load carries none of them. */
const SettingsPanel = lazy(() =>
  import('../../../features/settings/components/settings-panel').then((module) => ({
    default: module.SettingsPanel,
  })),
);
const SubscriptionModal = lazy(() =>
  import('../../../features/billing/components/subscription-modal').then((module) => ({
    default: module.SubscriptionModal,
  })),
);

/**
 * /home (signed-in): the chat, with the MCP servers (sidebar view and top bar) and the settings
 * (API keys) in a slide-over. If the current user fails to load, the user is signed out and sent
 * to / (spec 2); one who has not onboarded (or is waitlisted) is sent to /onboarding (AdmittedRoute). The route
 * composes the features: the settings tell the chat's provider list when
 * keys change; the chat tells the servers when a reply may have started or used its server.
 */
export function Component() {
  const { user } = useAuth();
  const signedInEmail = useSignedInEmail();
  const { signOut, signingOut } = useSignOut();
  const userCheck = useUserCheck(() => void signOut());
  const providers = useProviders();
  const servers = useServers();
  const usage = useUsage();
  // In a team's space only its Admins add, edit, stop and delete servers (the API refuses a User).
  const { canManageServers } = useSpace();
  // Settings open is in the URL (?feature=settings): a link (the GitHub callback's) can open them.
  const [searchParams, setSearchParams] = useSearchParams();
  const feature = searchParams.get('feature');
  const settingsOpen = feature === SETTINGS_FEATURE;
  const subscriptionOpen = feature === SUBSCRIPTION_FEATURE;
  const setFeature = useCallback(
    (feature: string | null) =>
      setSearchParams(
        (params) => {
          if (feature) params.set('feature', feature);
          else params.delete('feature');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const openSettings = useCallback(() => setFeature(SETTINGS_FEATURE), [setFeature]);
  const openSubscription = useCallback(() => setFeature(SUBSCRIPTION_FEATURE), [setFeature]);
  const closeFeature = useCallback(() => setFeature(null), [setFeature]);

  const queryClient = useQueryClient();
  // A reply with a server starts it on demand ('connecting') and uses compute: refresh both after.
  const onStreamStatus = useCallback(
    (status: StreamStatus | null) => {
      if (status === 'connecting') void queryClient.invalidateQueries({ queryKey: serverKeys.all });
      if (status === null) {
        void queryClient.invalidateQueries({ queryKey: serverKeys.all });
        void queryClient.invalidateQueries({ queryKey: serverKeys.usage() });
        // The reply's tokens count against today's allowance.
        void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      }
    },
    [queryClient],
  );

  // A server that has finished starting or stopping has changed this month's compute.
  const wasPolling = useRef(false);
  useEffect(() => {
    if (wasPolling.current && !servers.polling)
      void queryClient.invalidateQueries({ queryKey: serverKeys.usage() });
    wasPolling.current = servers.polling;
  }, [servers.polling, queryClient]);

  const serversView = (server: ServerAttachment) => (
    <ServersView
      servers={servers}
      attachedIds={server.serverIds}
      onAttach={server.attach}
      canManage={canManageServers}
    />
  );
  const serverControls = (server: ServerAttachment) => (
    <ServerControls
      servers={servers}
      usage={usage}
      attachedIds={server.serverIds}
      onToggle={server.toggle}
      onClear={server.clear}
      onOpenUsage={openSubscription}
      canManage={canManageServers}
    />
  );
  // As the top bar's 'Configure Server' for a new server: the saved server is the chat's.
  const serverConfig = (server: ServerAttachment, onClose: () => void) => (
    <ServerConfigModal servers={servers} onClose={onClose} onSaved={(saved) => server.attach(saved.id)} />
  );

  return (
    <>
      <h1 className="sr-only">Home</h1>
      <ChatScreen
        providers={providers}
        email={userCheck?.email ?? signedInEmail}
        hasUser={user !== null}
        onOpenSettings={openSettings}
        onOpenSubscription={openSubscription}
        onSignOut={() => void signOut()}
        signingOut={signingOut}
        serversView={serversView}
        serverControls={serverControls}
        serverConfig={canManageServers ? serverConfig : undefined}
        onStreamStatus={onStreamStatus}
      />
      {settingsOpen ? (
        <Suspense fallback={null}>
          <SettingsPanel
            onClose={closeFeature}
            onKeysChanged={providers.reload}
            providers={providers.providers}
            onRetryProviders={providers.reload}
          />
        </Suspense>
      ) : null}
      {subscriptionOpen ? (
        <Suspense fallback={null}>
          <SubscriptionModal onClose={closeFeature} />
        </Suspense>
      ) : null}
    </>
  );
}
