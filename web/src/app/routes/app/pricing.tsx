import { PlaceholderScreen } from '../../../components/placeholder-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Pricing' };

/** /pricing (signed-in): the plan cards. Placeholder until the billing issue. */
export function Component() {
  return <PlaceholderScreen title="Pricing" subtitle="Free, Pro, Teams and Enterprise plans" />;
}
