import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';
import { UPGRADE_PLAN_LABEL } from '../utils/plan-display';

const LOOK = {
  button: buttonVariants({ variant: 'primary', size: 'sm' }),
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
