import { PlaceholderScreen } from '../../../components/placeholder-screen';

/** /pricing (signed-in): the plan cards. Placeholder until the billing issue. */
export function Component() {
  return <PlaceholderScreen title="Pricing" subtitle="Free, Pro, Teams and Enterprise plans" />;
}
