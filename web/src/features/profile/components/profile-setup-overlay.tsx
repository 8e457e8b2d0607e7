import { PROFILE_MESSAGES, type ProfileForm } from '@agentforge/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useNavigate } from 'react-router-dom';
import { FormBanner } from '../../../components/form/form-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { FullPageSpinner } from '../../../components/spinner';
import { toast } from '../../../components/toast/toaster-store';
import { ApiError } from '../../../lib/api-error';
import { signOutUser } from '../../auth/api/identity';
import { useAuth } from '../../auth/hooks/use-auth';
import { currentUserQuery } from '../../chat/api/queries';
import { saveProfile } from '../api/profile';
import { profileKeys } from '../api/queries';
import { onValidSubmit, ProfileFields, useProfileForm } from './profile-fields';

/**
 * The profile setup overlay (spec 2, 4, 5): a full-screen modal titled 'Setup profile to continue'.
 * The user info loads first; on failure 'Failed to fetch user information. Please log in again.'
 * with 'Login Again' (logs out, unauthenticated, /login). Submitting saves the profile (PUT
 * /users/profile: the spec's form makes no save call, users expect it kept), shows 'Profile
 * created successfully!' and goes to /dashboard; the button is disabled while saving or invalid.
 * A save refused for the session (401: the user info is gone) shows 'Authentication failed…' as a
 * toast and inline, with 'Login Again'; a logout that did not go through says so.
 */
export function ProfileSetupOverlay() {
  const user = useQuery(currentUserQuery());
  const form = useProfileForm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { dispatch } = useAuth();
  const save = useMutation({
    mutationFn: (profile: ProfileForm) => saveProfile(profile),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.profile(), saved);
      toast({ title: PROFILE_MESSAGES.created });
      void navigate('/dashboard');
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: isAuthFailure(error)
          ? PROFILE_MESSAGES.authFailedToast
          : PROFILE_MESSAGES.updateFailed(error.message),
      }),
  });
  const loginAgain = async () => {
    if (!(await signOutUser())) toast({ variant: 'destructive', title: PROFILE_MESSAGES.logoutFailed });
    const toLogin = navigate('/login', { replace: true, flushSync: true });
    dispatch({ type: 'SET_UNAUTHENTICATED' });
    await toLogin;
  };

  if (user.isPending) return <FullPageSpinner />;
  return (
    // A Radix modal (focus trapped, the page behind inert) that cannot be dismissed: the profile is
    // what it asks for, and 'Login Again' is the way out when the user cannot be loaded.
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="theme-light fixed inset-0 z-50 bg-slate-900/50" />
        <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto p-4">
          <Dialog.Content
            aria-describedby={undefined}
            onEscapeKeyDown={(event) => event.preventDefault()}
            onPointerDownOutside={(event) => event.preventDefault()}
            onInteractOutside={(event) => event.preventDefault()}
            className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-200 outline-none sm:p-8"
          >
            <Dialog.Title className="mb-6 text-xl font-bold text-slate-900">
              Setup profile to continue
            </Dialog.Title>
            {user.isError || isAuthFailure(save.error) ? (
              <FormBanner
                message={user.isError ? PROFILE_MESSAGES.fetchUserFailed : PROFILE_MESSAGES.authFailedInline}
              >
                <button
                  type="button"
                  onClick={() => void loginAgain()}
                  className="rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-500"
                >
                  Login Again
                </button>
              </FormBanner>
            ) : (
              <form
                noValidate
                className="space-y-4"
                onSubmit={onValidSubmit(form, (profile) => save.mutate(profile))}
              >
                {save.isError ? <FormBanner message={PROFILE_MESSAGES.saveFailedDefault} /> : null}
                <ProfileFields form={form} />
                <SubmitButton loading={save.isPending} disabled={!form.valid}>
                  Save
                </SubmitButton>
              </form>
            )}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The save was refused for the session itself: the user info behind it is gone. */
function isAuthFailure(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 401;
}
