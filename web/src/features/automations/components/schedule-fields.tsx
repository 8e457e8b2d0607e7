import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { TextField } from '../../../components/form/text-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { previewSchedule } from '../api/automations';
import { formatWhen } from '../utils/automation-text';
import {
  expressionOf,
  helperOf,
  SCHEDULE_HELPER_LABELS,
  type ScheduleHelper,
} from '../utils/schedule-builder';

/** How long the preview waits after the last keystroke before asking the API. */
const PREVIEW_DEBOUNCE_MS = 400;

const LABEL = 'block text-sm font-medium text-slate-700';

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const timeZones = (): string[] =>
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

type ScheduleFieldsProps = {
  expression: string;
  timezone: string;
  onChange: (schedule: { expression: string; timezone: string }) => void;
  /** The plan's shortest interval, the minutes helper's floor. */
  minMinutes: number;
  errors: { expression?: string | undefined; timezone?: string | undefined };
};

/**
 * A schedule: helpers for the common cases that write the expression, the expression itself
 * (EventBridge syntax, for anything else), the time zone, and the next runs the API previews.
 */
export function ScheduleFields({ expression, timezone, onChange, minMinutes, errors }: ScheduleFieldsProps) {
  const id = useId();
  const [zonesShown, setZonesShown] = useState(false);
  const [helper, setHelper] = useState<ScheduleHelper>(() => helperOf(expression));
  const settled = useDebounced({ expression: expression.trim(), timezone }, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: ['automations', 'schedule-preview', settled.expression, settled.timezone],
    queryFn: ({ signal }) => previewSchedule(settled.expression, settled.timezone, signal),
    enabled: settled.expression !== '',
    retry: false,
    staleTime: 30_000,
  });

  function chooseHelper(next: ScheduleHelper) {
    setHelper(next);
    const written = expressionOf(next);
    if (written) onChange({ expression: written, timezone });
  }

  function changeKind(kind: ScheduleHelper['kind']) {
    if (kind === 'minutes') chooseHelper({ kind, every: Math.max(minMinutes, 15) });
    else if (kind === 'hours') chooseHelper({ kind, every: 1 });
    else if (kind === 'daily' || kind === 'weekdays') chooseHelper({ kind, time: '09:00' });
    else setHelper({ kind });
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-helper`} className={LABEL}>
            Repeat
          </label>
          <Select
            id={`${id}-helper`}
            value={helper.kind}
            onChange={(e) => changeKind(e.target.value as ScheduleHelper['kind'])}
          >
            {Object.entries(SCHEDULE_HELPER_LABELS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        {helper.kind === 'minutes' || helper.kind === 'hours' ? (
          <div className="space-y-1.5">
            <label htmlFor={`${id}-every`} className={LABEL}>
              {helper.kind === 'minutes' ? 'Minutes' : 'Hours'}
            </label>
            <Input
              id={`${id}-every`}
              type="number"
              inputMode="numeric"
              min={helper.kind === 'minutes' ? minMinutes : 1}
              className="w-24"
              value={helper.every || ''}
              onChange={(e) => chooseHelper({ kind: helper.kind, every: Number(e.target.value) })}
            />
          </div>
        ) : null}
        {helper.kind === 'daily' || helper.kind === 'weekdays' ? (
          <div className="space-y-1.5">
            <label htmlFor={`${id}-time`} className={LABEL}>
              Time
            </label>
            <Input
              id={`${id}-time`}
              type="time"
              className="w-32"
              value={helper.time}
              onChange={(e) => chooseHelper({ kind: helper.kind, time: e.target.value })}
            />
          </div>
        ) : null}
      </div>
      <TextField
        label="Schedule expression"
        value={expression}
        placeholder="rate(5 minutes) or cron(0 9 ? * MON-FRI *)"
        onChange={(e) => {
          setHelper({ kind: 'custom' });
          onChange({ expression: e.target.value, timezone });
        }}
        error={errors.expression}
        spellCheck={false}
      />
      <TextField
        label="Time zone"
        value={timezone}
        list={zonesShown ? `${id}-zones` : undefined}
        // The ~400 suggestions are put in the page once the field is used.
        onFocus={() => setZonesShown(true)}
        onChange={(e) => onChange({ expression, timezone: e.target.value })}
        error={errors.timezone}
        spellCheck={false}
        autoComplete="off"
      />
      {zonesShown ? (
        <datalist id={`${id}-zones`}>
          {timeZones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      ) : null}
      <div aria-live="polite" className="text-sm">
        <p className="font-medium text-slate-700">Next runs</p>
        {preview.isError ? (
          <p className="text-red-600">{preview.error.message}</p>
        ) : preview.data ? (
          <ul className="list-disc pl-5 text-slate-700">
            {preview.data.nextRuns.map((at) => (
              <li key={at}>{formatWhen(at)}</li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-500">
            {settled.expression ? 'Loading…' : 'Enter a schedule to see its next runs.'}
          </p>
        )}
      </div>
    </div>
  );
}
