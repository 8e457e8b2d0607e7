import type { ModelSettings } from '@agentforge/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormBanner } from '../../../components/form/form-banner';
import { Spinner } from '../../../components/spinner';
import { ModelSettingsForm } from '../../chat/components/model-settings-form';
import { savePreferences } from '../api/preferences';
import { preferencesKeys, preferencesQuery } from '../api/queries';

/** The system prompt and parameters new conversations start with (the user's preferences). */
export function ChatDefaults() {
  const client = useQueryClient();
  const preferences = useQuery(preferencesQuery());
  if (preferences.isPending) return <Spinner />;
  if (preferences.isError) return <FormBanner message={preferences.error.message} />;
  const save = async (settings: ModelSettings) => {
    const { defaultSettings: _old, ...rest } = preferences.data;
    const saved = await savePreferences(
      Object.keys(settings).length ? { ...rest, defaultSettings: settings } : rest,
    );
    client.setQueryData(preferencesKeys.all(), saved);
  };
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <ModelSettingsForm initial={preferences.data.defaultSettings} onSave={save} saveLabel="Save defaults" />
    </div>
  );
}
