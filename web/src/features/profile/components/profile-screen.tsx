import {
  ACCOUNT_MESSAGES,
  COMPANY_SIZE_LABELS,
  type CompanySize,
  type ProfileForm,
  type UserProfile,
} from '@agentforge/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormBanner } from '../../../components/form/form-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { Card, LINK_CLASS, PageShell } from '../../../components/page-shell';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../components/toast/toaster-store';
import { Button } from '../../../components/ui/button';
import { LinkedAccounts } from '../../github/components/linked-accounts';
import { saveProfile } from '../api/profile';
import { profileKeys, profileQuery } from '../api/queries';
import { DeleteAccount } from './delete-account';
import { onValidSubmit, ProfileFields, useProfileForm } from './profile-fields';

/** /profile: the profile (view, edit), linked accounts, API keys, and deleting the account. */
export function ProfileScreen() {
  const profile = useQuery(profileQuery());
  const [editing, setEditing] = useState(false);

  return (
    <PageShell
      title="Profile"
      aside={
        <Link to="/dashboard" className={LINK_CLASS}>
          Dashboard
        </Link>
      }
    >
      <Card
        title="Your profile"
        action={
          profile.data && !editing ? (
            <Button size="sm" onClick={() => setEditing(true)}>
              {profile.data.profile ? 'Edit profile' : 'Set up profile'}
            </Button>
          ) : null
        }
      >
        {profile.isPending ? <Spinner /> : null}
        {profile.isError ? <FormBanner message={ACCOUNT_MESSAGES.profileLoadFailed} /> : null}
        {profile.data ? (
          editing ? (
            <ProfileEditor initial={profile.data.profile} onDone={() => setEditing(false)} />
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-slate-600">E-mail</dt>
              <dd>{profile.data.email}</dd>
              {profile.data.profile ? (
                <>
                  <dt className="text-slate-600">Name</dt>
                  <dd>
                    {profile.data.profile.firstName} {profile.data.profile.lastName}
                  </dd>
                  <dt className="text-slate-600">Company</dt>
                  <dd>
                    {profile.data.profile.companyName} (
                    {COMPANY_SIZE_LABELS[profile.data.profile.companySize as CompanySize] ??
                      profile.data.profile.companySize}
                    )
                  </dd>
                  <dt className="text-slate-600">Role</dt>
                  <dd>{profile.data.profile.role}</dd>
                </>
              ) : (
                <dd className="col-span-2 text-slate-600">No profile yet.</dd>
              )}
            </dl>
          )
        ) : null}
      </Card>

      <Card title="Linked accounts">
        <LinkedAccounts />
      </Card>

      <Card title="API keys">
        <p className="text-sm text-slate-700">
          Your model providers' API keys are kept in{' '}
          <Link to="/home?feature=settings" className={LINK_CLASS}>
            Settings
          </Link>
          .
        </p>
      </Card>

      {profile.data ? (
        <Card title="Delete account">
          <p className="mb-3 text-sm text-slate-700">{ACCOUNT_MESSAGES.deleteDescription}</p>
          <DeleteAccount email={profile.data.email} />
        </Card>
      ) : null}
    </PageShell>
  );
}

function ProfileEditor({ initial, onDone }: { initial: UserProfile['profile']; onDone: () => void }) {
  const form = useProfileForm(initial);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (profile: ProfileForm) => saveProfile(profile),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.profile(), saved);
      toast({ title: ACCOUNT_MESSAGES.profileSaved });
      onDone();
    },
  });
  return (
    <form noValidate className="space-y-4" onSubmit={onValidSubmit(form, (profile) => save.mutate(profile))}>
      {save.isError ? <FormBanner message={save.error.message} /> : null}
      <ProfileFields form={form} />
      <div className="flex gap-3">
        <Button size="sm" onClick={onDone}>
          Cancel
        </Button>
        <div className="flex-1">
          <SubmitButton loading={save.isPending} disabled={!form.valid}>
            Save profile
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
