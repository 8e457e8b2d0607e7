import { VOICE_MESSAGES } from '@agentforge/shared';
import { Badge } from '../../components/ui/badge';
import { canDictate, canReadAloud } from './lazy-voice';

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** Settings' Voice section: where the audio goes, and what this browser offers. */
export function VoiceSettings() {
  const mod = isMac() ? '⌘' : 'Ctrl';
  const features = [
    { name: 'Dictation', available: canDictate(), keys: `${mod}+Shift+Space` },
    { name: 'Read aloud', available: canReadAloud(), keys: `${mod}+Shift+L` },
  ];
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{VOICE_MESSAGES.audioStaysInBrowser}</p>
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
