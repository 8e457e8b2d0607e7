import { errorMessage, type TeamSso } from '@agentforge/shared';
import { useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useTeamAction } from '../api/queries';
import { verifySsoDomain } from '../api/team-sso';

/** Each domain with the TXT record to publish and 'Verify', which shows the API's answer. */
export function SsoDomains({ teamId, sso }: { teamId: string; sso: TeamSso }) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const verify = useTeamAction((domain: string) => verifySsoDomain(teamId, domain));
  const run = (domain: string) =>
    verify.mutate(domain, {
      onSuccess: () => setAnswers((all) => ({ ...all, [domain]: `${domain} is verified.` })),
      onError: (error) => setAnswers((all) => ({ ...all, [domain]: errorMessage(error) })),
    });
  return (
    <ul className="mt-4 space-y-3" aria-label="E-mail domains">
      {sso.domains.map(({ domain, verified, record }) => (
        <li key={domain} className="rounded-lg border border-slate-200 p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium text-slate-900">{domain}</span>
            {verified ? (
              <Badge tone="success">Verified</Badge>
            ) : (
              <span className="flex items-center gap-2">
                <Badge tone="warning">Not verified</Badge>
                <Button
                  onClick={() => run(domain)}
                  disabled={verify.isPending}
                  aria-label={`Verify ${domain}`}
                >
                  Verify
                </Button>
              </span>
            )}
          </div>
          {verified ? null : (
            <dl className="mt-2 grid gap-1 text-slate-600">
              <RecordLine label="TXT record name" value={record.name} />
              <RecordLine label="TXT record value" value={record.value} />
            </dl>
          )}
          {answers[domain] ? (
            <p role="status" className="mt-2 text-slate-700">
              {answers[domain]}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function RecordLine({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-all font-mono text-slate-800">{value}</dd>
      <dd>
        <CopyButton text={value} what={`the ${label}`} className="text-indigo-700 hover:bg-indigo-50" />
      </dd>
    </div>
  );
}
