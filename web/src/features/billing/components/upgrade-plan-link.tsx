import { Link } from 'react-router-dom';
import { UPGRADE_PLAN_LABEL } from '../utils/plan-display';

const LOOK = {
  button:
    'inline-flex items-center rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white transition hover:bg-indigo-500',
  inline: 'font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-600',
};

/** 'Upgrade Plan' to /pricing: what a refusal by a plan limit offers. */
export function UpgradePlanLink({
  look = 'button',
  className = '',
}: {
  look?: keyof typeof LOOK;
  className?: string;
}) {
  return (
    <Link
      to="/pricing"
      className={`${LOOK[look]} rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${className}`}
    >
      {UPGRADE_PLAN_LABEL}
    </Link>
  );
}
