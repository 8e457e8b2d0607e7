import { SPEECH_ENGINES, SPEECH_MESSAGES, type SpeechEngine, VOICE_MESSAGES } from '@agentforge/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { savePreferences } from '../settings/api/preferences';
import { preferencesKeys, preferencesQuery } from '../settings/api/queries';
import { canDictateWith, canReadAloudWith, setSpeechEngine } from './lazy-voice';

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

const ENGINES: Record<SpeechEngine, { label: string; hint: string }> = {
  browser: { label: SPEECH_MESSAGES.engineBrowser, hint: SPEECH_MESSAGES.engineBrowserHint },
  openai: { label: SPEECH_MESSAGES.engineOpenAi, hint: SPEECH_MESSAGES.engineOpenAiHint },
};

/**
 * Settings' Voice section: the engine (the browser's speech features, or OpenAI's models with the
 * user's key), saved in the user's preferences; where the audio goes, and what works here.
 */
export function VoiceSettings() {
  const client = useQueryClient();
  const saved = useQuery(preferencesQuery()).data?.speechEngine ?? 'browser';
  const [chosen, setChosen] = useState<SpeechEngine | null>(null);
  const [error, setError] = useState<string | null>(null);
  const engine = chosen ?? saved;

  const choose = async (value: string) => {
    const next = value as SpeechEngine;
    setChosen(next);
    setError(null);
    try {
      const preferences = await client.fetchQuery(preferencesQuery());
      client.setQueryData(
        preferencesKeys.all(),
        await savePreferences({ ...preferences, speechEngine: next }),
      );
      setSpeechEngine(next);
    } catch (failure) {
      setChosen(null);
      setError(
        `The voice engine could not be saved: ${failure instanceof Error ? failure.message : String(failure)}`,
      );
    }
  };

  const mod = isMac() ? '⌘' : 'Ctrl';
  const features = [
    { name: 'Dictation', available: canDictateWith(engine), keys: `${mod}+Shift+Space` },
    { name: 'Read aloud', available: canReadAloudWith(engine), keys: `${mod}+Shift+L` },
  ];
  return (
    <div className="space-y-3">
      <RadioGroup.Root
        value={engine}
        onValueChange={(value) => void choose(value)}
        aria-label="Voice engine"
        className="grid gap-2 sm:grid-cols-2"
      >
        {SPEECH_ENGINES.map((value) => (
          <RadioGroup.Item
            key={value}
            value={value}
            aria-labelledby={`voice-engine-${value}-label`}
            aria-describedby={`voice-engine-${value}`}
            className="rounded-lg bg-white px-3 py-2 text-left text-sm ring-1 ring-slate-200 transition hover:bg-slate-100 data-[state=checked]:bg-indigo-50 data-[state=checked]:ring-indigo-300"
          >
            <span id={`voice-engine-${value}-label`} className="block font-medium text-slate-800">
              {ENGINES[value].label}
            </span>
            <span id={`voice-engine-${value}`} className="block text-xs text-slate-600">
              {ENGINES[value].hint}
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      {engine === 'browser' ? (
        <p className="text-sm text-slate-700">{VOICE_MESSAGES.audioStaysInBrowser}</p>
      ) : null}
      <dl className="space-y-2">
        {features.map(({ name, available, keys }) => (
          <div key={name} className="flex items-center justify-between gap-3 text-sm text-slate-700">
            <dt>
              {name}
              {available ? <span className="text-slate-500"> · {keys}</span> : null}
            </dt>
            <dd>
              <Badge tone={available ? 'success' : 'neutral'}>
                {available ? 'Available' : 'Not in this browser'}
              </Badge>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
