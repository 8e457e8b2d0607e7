import { PROFILE_MESSAGES, type ProfileForm, type UserProfile } from '@agentforge/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { FullPageSpinner } from '../../../components/spinner';
import { toast } from '../../../components/toast/toaster-store';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { signOutUser } from '../../auth/api/identity';
import { useAuth } from '../../auth/hooks/use-auth';
import { currentUserQuery } from '../../chat/api/queries';
import { saveProfile } from '../api/profile';
import { profileKeys } from '../api/queries';
import { onValidSubmit, ProfileFields, useProfileForm } from './profile-fields';

/**
 * The profile setup overlay (spec 2, 4, 5): a modal titled 'Setup profile to continue', its role
 * and company size prefilled from the Welcome Aboard answers, offered once and closable.
 * The user info loads first; on failure 'Failed to fetch user information. Please log in again.'
 * with 'Login Again' (logs out, unauthenticated, /login). Submitting saves the profile (PUT
 * /users/profile: the spec's form makes no save call, users expect it kept), shows 'Profile
 * created successfully!' and goes to /dashboard; the button is disabled while saving or invalid.
 * A save refused for the session (401: the user info is gone) shows 'Authentication failed…' as a
 * toast and inline, with 'Login Again'; a logout that did not go through says so.
 */
export function ProfileSetupOverlay({
  suggested,
  onClose,
}: {
  /** What the Welcome Aboard answers already said (role, company size). */
  suggested?: UserProfile['suggested'];
  /** Closed, or saved. */
  onClose: () => void;
}) {
  const user = useQuery(currentUserQuery());
  const form = useProfileForm(suggested);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { dispatch } = useAuth();
  const save = useMutation({
    mutationFn: (profile: ProfileForm) => saveProfile(profile),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.profile(), saved);
      toast({ title: PROFILE_MESSAGES.created });
      onClose();
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
    // Closable (Esc, the close button, the backdrop): an offer, not a gate in front of the page.
    <Dialog title="Setup profile to continue" onClose={onClose}>
      {user.isError || isAuthFailure(save.error) ? (
        <FormBanner
          message={user.isError ? PROFILE_MESSAGES.fetchUserFailed : PROFILE_MESSAGES.authFailedInline}
        >
          <Button variant="primary" size="sm" onClick={() => void loginAgain()}>
            Login Again
          </Button>
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
    </Dialog>
  );
}

/** The save was refused for the session itself: the user info behind it is gone. */
function isAuthFailure(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 401;
}
