import {
  AGENT_MODE_LABELS,
  AGENT_MODES,
  type AgentMode,
  AUTOMATION_LIMITS,
  type Automation,
  type AutomationInput,
  automationInputSchema,
  MAX_RUN_MINUTES,
  MAX_RUN_TOKENS,
  MAX_RUN_TOOL_CALLS,
} from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { fieldVariants } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { subscriptionQuery } from '../../billing/api/queries';
import { listModels, useAutomationMutations } from '../api/automations';
import { isPlanLimitRefusal, toastRefusal } from '../hooks/use-automation-actions';
import {
  defaultBudget,
  defaultExpression,
  defaultModelValue,
  fieldErrors,
  fromModelValue,
  keptOnEdit,
  modelValue,
} from '../utils/automation-form';
import { browserTimeZone } from '../utils/schedule-builder';
import { ScheduleFields } from './schedule-fields';
import { ServerToolsFields } from './server-tools-fields';

/** The knowledge collections' checkboxes (shared with the chat's settings), loaded with the form. */
const CollectionsField = lazy(() => import('../../knowledge/components/collections-field'));

type TriggerType = AutomationInput['trigger']['type'];

const TRIGGERS: readonly { value: TriggerType; label: string }[] = [
  { value: 'schedule', label: 'Schedule' },
  { value: 'webhook', label: 'Webhook' },
  { value: 'manual', label: 'Manual (Run now only)' },
];
const NOTIFY = [
  { value: 'never', label: 'Never' },
  { value: 'failure', label: 'When a run fails or stops' },
  { value: 'always', label: 'After every run' },
] as const;
const OUTPUT = [
  { value: 'new', label: 'A new conversation per run' },
  { value: 'append', label: 'Append every run to one conversation' },
] as const;

type AutomationFormDialogProps = {
  /** The automation to edit; none: a new one (in the space's team when `teamId`). */
  automation?: Automation | undefined;
  teamId?: string | undefined;
  onSaved: (automation: Automation) => void;
  onClose: () => void;
};

/** Create or edit an automation: what it does, with which servers and model, when, within what budget. */
export function AutomationFormDialog({ automation, teamId, onSaved, onClose }: AutomationFormDialogProps) {
  const id = useId();
  const tier = useQuery(subscriptionQuery()).data?.subscription.tier ?? 'free';
  const providers = useQuery({
    queryKey: ['automations', 'providers'],
    queryFn: ({ signal }) => listModels(signal),
    staleTime: 5 * 60_000,
  });
  const mutations = useAutomationMutations();
  const [name, setName] = useState(automation?.name ?? '');
  const [goal, setGoal] = useState(automation?.goal ?? '');
  const [mode, setMode] = useState<AgentMode>(automation?.mode ?? 'single_agent');
  const [tools, setTools] = useState({
    serverIds: automation?.serverIds ?? [],
    approvedTools: automation?.approvedTools ?? [],
  });
  const [collectionIds, setCollectionIds] = useState<string[]>(automation?.collectionIds ?? []);
  const [picked, setPicked] = useState(automation ? modelValue(automation) : '');
  const choice = fromModelValue(picked || defaultModelValue(providers.data ?? []));
  const existing = automation?.trigger;
  const [triggerType, setTriggerType] = useState<TriggerType>(existing?.type ?? 'schedule');
  const [schedule, setSchedule] = useState({
    expression: existing?.type === 'schedule' ? existing.expression : defaultExpression(tier),
    timezone: existing?.type === 'schedule' ? existing.timezone : browserTimeZone(),
  });
  const initialBudget = automation?.budget ?? defaultBudget(tier);
  const [budget, setBudget] = useState({
    maxTokens: String(initialBudget.maxTokens),
    maxToolCalls: String(initialBudget.maxToolCalls),
    maxMinutes: String(initialBudget.maxMinutes),
  });
  const [notify, setNotify] = useState(automation?.notify ?? 'failure');
  const [output, setOutput] = useState(automation?.output ?? 'new');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const saving = mutations.create.isPending || mutations.update.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = automationInputSchema.safeParse({
      name,
      goal,
      mode,
      ...tools,
      collectionIds,
      provider: choice?.provider ?? '',
      model: choice?.model ?? '',
      ...keptOnEdit(automation),
      trigger: triggerType === 'schedule' ? { type: 'schedule', ...schedule } : { type: triggerType },
      budget: {
        maxTokens: Number(budget.maxTokens),
        maxToolCalls: Number(budget.maxToolCalls),
        maxMinutes: Number(budget.maxMinutes),
      },
      notify,
      output,
      ...(!automation && teamId ? { teamId } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const saved = automation
        ? await mutations.update.mutateAsync({ id: automation.id, input: parsed.data })
        : await mutations.create.mutateAsync(parsed.data);
      onSaved(saved);
    } catch (error) {
      // A plan limit's refusal is also a toast with 'Upgrade Plan' (outside the modal, hidden from it).
      if (isPlanLimitRefusal(error)) toastRefusal('The automation could not be saved', error);
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  const budgetField = (key: keyof typeof budget, label: string, min: number, max: number) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={budget[key]}
      onChange={(e) => setBudget({ ...budget, [key]: e.target.value })}
      error={errors[`budget.${key}`]}
    />
  );

  return (
    <Dialog
      title={automation ? 'Edit automation' : 'New automation'}
      onClose={onClose}
      initialFocus="field"
      width="max-w-2xl"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={id} variant="primary" disabled={saving}>
            Save
          </Button>
        </>
      }
    >
      <form id={id} onSubmit={onSubmit} className="space-y-4" noValidate>
        {failure ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {failure}
          </p>
        ) : null}
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-goal`} className="block text-sm font-medium text-slate-700">
            Goal
          </label>
          <textarea
            id={`${id}-goal`}
            rows={4}
            value={goal}
            onChange={(e) => setGoal(e.target.value)}
            aria-invalid={errors.goal ? true : undefined}
            aria-describedby={errors.goal ? `${id}-goal-error` : undefined}
            className={fieldVariants({ size: 'lg' })}
          />
          {errors.goal ? (
            <p id={`${id}-goal-error`} className="text-sm text-red-600">
              {errors.goal}
            </p>
          ) : null}
        </div>
        <SelectField
          label="Mode"
          value={mode}
          onChange={(e) => setMode(e.target.value as AgentMode)}
          options={AGENT_MODES.map((value) => ({ value, label: AGENT_MODE_LABELS[value] }))}
        />
        <ServerToolsFields {...tools} onChange={setTools} error={errors.serverIds} />
        <Suspense fallback={null}>
          {/* A team's automation searches the team's collections only; a person's, their own. */}
          <CollectionsField
            value={collectionIds}
            onChange={setCollectionIds}
            owner={{ teamId: automation ? automation.teamId : teamId }}
          />
        </Suspense>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-model`} className="block text-sm font-medium text-slate-700">
            Model
          </label>
          <Select
            id={`${id}-model`}
            className="w-full px-3 py-2.5"
            value={picked || defaultModelValue(providers.data ?? [])}
            onChange={(e) => setPicked(e.target.value)}
            aria-invalid={errors.provider || errors.model ? true : undefined}
          >
            {picked &&
            !providers.data?.some((p) =>
              p.models.some((m) => modelValue({ provider: p.id, model: m.id }) === picked),
            ) ? (
              <option value={picked}>{`${choice?.provider} · ${choice?.model}`}</option>
            ) : null}
            {(providers.data ?? []).map((provider) => (
              <optgroup key={provider.id} label={provider.name}>
                {provider.models.map((model) => (
                  <option key={model.id} value={modelValue({ provider: provider.id, model: model.id })}>
                    {model.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
          {providers.isError ? <p className="text-sm text-red-600">The models could not be loaded.</p> : null}
          {providers.isSuccess && providers.data.every((p) => p.models.length === 0) ? (
            <p className="text-sm text-slate-600">Add a model provider in Settings first.</p>
          ) : null}
          {errors.provider || errors.model ? <p className="text-sm text-red-600">Choose a model</p> : null}
        </div>
        <SelectField
          label="Trigger"
          value={triggerType}
          onChange={(e) => setTriggerType(e.target.value as TriggerType)}
          options={TRIGGERS}
        />
        {triggerType === 'schedule' ? (
          <ScheduleFields
            {...schedule}
            onChange={setSchedule}
            minMinutes={AUTOMATION_LIMITS[tier].minScheduleMinutes}
            errors={{ expression: errors['trigger.expression'], timezone: errors['trigger.timezone'] }}
          />
        ) : null}
        {triggerType === 'webhook' ? (
          <p className="text-sm text-slate-600">
            After saving, the automation's URL and secret are shown once: a POST to the URL with the secret as
            a bearer token starts a run with the request's body as its input.
          </p>
        ) : null}
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Budget per run</legend>
          {budgetField('maxTokens', 'Tokens', 100, MAX_RUN_TOKENS)}
          {budgetField('maxToolCalls', 'Tool calls', 0, MAX_RUN_TOOL_CALLS)}
          {budgetField('maxMinutes', 'Minutes', 1, MAX_RUN_MINUTES)}
        </fieldset>
        <SelectField
          label="E-mail me"
          value={notify}
          onChange={(e) => setNotify(e.target.value as typeof notify)}
          options={NOTIFY}
        />
        <SelectField
          label="Results"
          value={output}
          onChange={(e) => setOutput(e.target.value as typeof output)}
          options={OUTPUT}
        />
      </form>
    </Dialog>
  );
}
