import { errorMessage } from '@agentforge/shared';
import { type FormEvent, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useTeamAction } from '../api/queries';
import { acceptInvitation, createTeam } from '../api/teams';

export function CreateTeamForm({ onCreated }: { onCreated: (teamId: string) => void }) {
  const [name, setName] = useState('');
  const create = useTeamAction(createTeam);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (team) => {
        setName('');
        onCreated(team.teamId);
      },
    });
  };
  return (
    <Card asChild className="space-y-3">
      <form onSubmit={submit} aria-label="Create a team">
        {create.error ? <FormBanner message={errorMessage(create.error)} /> : null}
        <TextField
          label="Team name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
        />
        <Button type="submit" variant="primary" disabled={create.isPending || !name.trim()}>
          Create team
        </Button>
      </form>
    </Card>
  );
}

export function JoinTeamForm({ onJoined }: { onJoined: (teamId: string) => void }) {
  const [code, setCode] = useState('');
  const join = useTeamAction(acceptInvitation);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate(code.trim(), {
      onSuccess: (team) => {
        setCode('');
        onJoined(team.teamId);
      },
    });
  };
  return (
    <Card asChild className="space-y-3">
      <form onSubmit={submit} aria-label="Join a team">
        {join.error ? <FormBanner message={errorMessage(join.error)} /> : null}
        <TextField
          label="Invitation code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
        />
        <Button type="submit" disabled={join.isPending || !code.trim()}>
          Join team
        </Button>
      </form>
    </Card>
  );
}
