import { Switch } from '../../../components/switch';

export const AUTO_RUN_LABEL = 'Auto-run read-only steps';

/**
 * Whether the next plan's steps that only read (their tools say so) run without asking; sent when
 * a plan is generated.
 */
export function AutoRunSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2 text-xs font-medium text-slate-600">
      <Switch checked={checked} onChange={onChange} label={AUTO_RUN_LABEL} />
      <span aria-hidden="true">{AUTO_RUN_LABEL}</span>
    </div>
  );
}
