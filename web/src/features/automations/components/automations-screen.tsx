import type { Automation } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageShell } from '../../../components/page-shell';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useSpace } from '../../teams/hooks/use-space';
import { automationsQuery } from '../api/automations';
import { useAutomationActions } from '../hooks/use-automation-actions';
import { AutomationCard } from './automation-card';
import { AutomationFormDialog } from './automation-form-dialog';
import { WebhookDialog, type WebhookSecretAnswer } from './webhook-dialog';

/**
 * /automations (issue 32): the space's automations, agent runs started by a schedule, a webhook or
 * 'Run now'. The caller's own, or in a team's space the team's (its Admins change them; Users see
 * them and their runs).
 */
export function AutomationsScreen() {
  const { teamId, canManageServers: canCreate } = useSpace();
  const automations = useQuery(automationsQuery(teamId));
  const actions = useAutomationActions();
  const [editing, setEditing] = useState<Automation | 'new' | null>(null);
  const [webhook, setWebhook] = useState<WebhookSecretAnswer | null>(null);

  const newButton = canCreate ? (
    <Button variant="primary" onClick={() => setEditing('new')}>
      New automation
    </Button>
  ) : null;

  return (
    <PageShell title="Automations" aside={automations.data?.length ? newButton : null}>
      <p className="text-sm text-slate-600">
        An automation runs an agent goal on a schedule, when its webhook is called, or when you press Run now,
        within a budget; each run writes its result to a conversation.
      </p>
      {automations.isError ? (
        <p role="alert" className="text-sm text-red-600">
          The automations could not be loaded.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void automations.refetch()}
          >
            Retry
          </button>
        </p>
      ) : null}
      {automations.isSuccess && automations.data.length === 0 ? (
        <Card className="space-y-3 p-6 text-center">
          <h2 className="font-semibold">No automations yet</h2>
          <p className="text-sm text-slate-600">
            {canCreate
              ? 'Create one to run a goal every morning, on each webhook call, or whenever you press Run now.'
              : "The team's Admins create its automations; they show here."}
          </p>
          {newButton}
        </Card>
      ) : null}
      <ul className="space-y-3" aria-label="Automations">
        {(automations.data ?? []).map((automation) => (
          <li key={automation.id}>
            <AutomationCard automation={automation} actions={actions} onEdit={() => setEditing(automation)} />
          </li>
        ))}
      </ul>
      {editing ? (
        <AutomationFormDialog
          automation={editing === 'new' ? undefined : editing}
          teamId={teamId}
          onSaved={(saved) => {
            setEditing(null);
            const { webhookUrl, webhookSecret } = saved;
            if (webhookUrl && webhookSecret) setWebhook({ webhookUrl, webhookSecret });
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {webhook ? <WebhookDialog answer={webhook} onClose={() => setWebhook(null)} /> : null}
    </PageShell>
  );
}
