import { errorMessage, type TeamSso, teamSsoBodySchema } from '@agentforge/shared';
import { type FormEvent, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { useTeamAction } from '../api/queries';
import { putTeamSso } from '../api/team-sso';
import { type MetadataFile, SamlMetadataFields } from './saml-metadata-fields';

type ProviderType = 'oidc' | 'saml';
const TYPES = [
  { value: 'oidc', label: 'OpenID Connect (OIDC)' },
  { value: 'saml', label: 'SAML 2.0' },
] as const;

/** The identity provider, the e-mail domains and 'require SSO': validated with the shared schema, sent with PUT. */
export function SsoProviderForm({ teamId, saved }: { teamId: string; saved: TeamSso | null }) {
  const provider = saved?.provider;
  const [type, setType] = useState<ProviderType>(provider?.type ?? 'oidc');
  const [issuer, setIssuer] = useState(provider?.type === 'oidc' ? provider.issuer : '');
  const [clientId, setClientId] = useState(provider?.type === 'oidc' ? provider.clientId : '');
  const [clientSecret, setClientSecret] = useState('');
  const hint = provider?.type === 'oidc' ? provider.clientSecretHint : null;
  const [replacing, setReplacing] = useState(false);
  const [metadataUrl, setMetadataUrl] = useState(
    provider?.type === 'saml' ? (provider.metadataUrl ?? '') : '',
  );
  const [metadataFile, setMetadataFile] = useState<MetadataFile | null>(null);
  const [domains, setDomains] = useState((saved?.domains ?? []).map((entry) => entry.domain).join(', '));
  const [requireSso, setRequireSso] = useState(saved?.requireSso ?? false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useTeamAction(putTeamSso.bind(null, teamId));
  const keepSecret = type === 'oidc' && hint !== null && !replacing;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = teamSsoBodySchema.safeParse({
      provider:
        type === 'oidc'
          ? { type, issuer, clientId, ...(keepSecret ? {} : { clientSecret }) }
          : metadataFile
            ? { type, metadataFile: metadataFile.xml }
            : { type, metadataUrl },
      domains: domains.split(/[\s,]+/).filter(Boolean),
      requireSso,
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues.map((issue) => issue.message).join('. '));
      return;
    }
    setInvalid(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setClientSecret('');
        setReplacing(false);
        setMetadataFile(null);
      },
    });
  };

  const error = invalid ?? (save.error ? errorMessage(save.error) : null);
  return (
    <form onSubmit={submit} className="mt-4 space-y-4" aria-label="Single sign-on provider" noValidate>
      {error ? <FormBanner message={error} /> : null}
      <SelectField
        label="Provider type"
        value={type}
        onChange={(event) => setType(event.target.value as ProviderType)}
        options={TYPES}
      />
      {type === 'oidc' ? (
        <>
          <TextField
            label="Issuer URL"
            type="url"
            value={issuer}
            onChange={(e) => setIssuer(e.target.value)}
            required
          />
          <TextField
            label="Client ID"
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
            required
          />
          {keepSecret ? (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span className="text-slate-700">
                Client secret: <span className="font-mono text-slate-500">{hint}</span>
              </span>
              <Button onClick={() => setReplacing(true)} aria-label="Replace the client secret">
                Replace
              </Button>
            </div>
          ) : (
            <TextField
              label="Client secret"
              type="password"
              autoComplete="off"
              value={clientSecret}
              onChange={(e) => setClientSecret(e.target.value)}
              required
            />
          )}
        </>
      ) : (
        <SamlMetadataFields
          metadataUrl={metadataUrl}
          onMetadataUrl={setMetadataUrl}
          file={metadataFile}
          onFile={setMetadataFile}
          savedFile={provider?.type === 'saml' && provider.hasMetadataFile}
        />
      )}
      <TextField
        label="E-mail domains (comma separated)"
        value={domains}
        onChange={(e) => setDomains(e.target.value)}
        placeholder="example.com"
        required
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={requireSso}
          onChange={(e) => setRequireSso(e.target.checked)}
          className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
        />
        Require single sign-on for members
      </label>
      <Button type="submit" variant="primary" disabled={save.isPending}>
        Save single sign-on
      </Button>
    </form>
  );
}
