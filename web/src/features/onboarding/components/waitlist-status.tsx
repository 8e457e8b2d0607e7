import {
  ACCOUNT_MESSAGES,
  ONBOARDING_MESSAGES,
  type WaitlistInfo,
  waitlistInfoSchema,
} from '@agentforge/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { chatKeys } from '../../chat/api/queries';
import { saveWaitlistInfo } from '../api/waitlist';

/**
 * The waitlist status (a waitlist stage, onboarding done, not admitted yet): what happens next, a
 * short form to tell us more or redeem an invite code (PUT /users/me/waitlist-info), and 'Check
 * again', which asks GET /user whether an operator has admitted the user meanwhile.
 */
export function WaitlistStatus({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ website: '', referralSource: '', notes: '', inviteCode: '' });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (info: WaitlistInfo) => saveWaitlistInfo(info),
    onSuccess: ({ access }) => {
      if (access === 'granted') void queryClient.invalidateQueries({ queryKey: chatKeys.currentUser() });
    },
    onError: (failure) => setError(failure.message),
  });
  const check = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: chatKeys.currentUser() }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = waitlistInfoSchema.safeParse(
      Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim() !== '')),
    );
    if (!result.success) {
      setError(result.error.issues[0]?.message ?? ONBOARDING_MESSAGES.submitFailed);
      return;
    }
    setError(null);
    save.mutate(result.data);
  };
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700" role="status">
        {ACCOUNT_MESSAGES.waitlistBody(email)}
      </p>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Tell us more">
        {error ? <FormBanner message={error} /> : null}
        {save.isSuccess ? (
          <p role="status" className="text-sm text-green-700">
            {ACCOUNT_MESSAGES.waitlistSaved}
          </p>
        ) : null}
        <TextField label="Website (optional)" type="url" {...field('website')} />
        <TextField label="How did you hear about us? (optional)" {...field('referralSource')} />
        <TextField label="Anything else we should know? (optional)" {...field('notes')} />
        <TextField label="Invite code (optional)" autoComplete="off" {...field('inviteCode')} />
        <Button variant="primary" size="lg" className="w-full" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Processing...' : 'Send'}
        </Button>
      </form>
      <div className="flex gap-3">
        <Button size="lg" className="w-full" disabled={check.isPending} onClick={() => check.mutate()}>
          Check again
        </Button>
        <Button size="lg" className="w-full" onClick={onSignOut}>
          Logout
        </Button>
      </div>
    </div>
  );
}
