import { PlaceholderScreen } from '../../../components/placeholder-screen';

/** /subscription/success: the return target of a completed checkout. */
export function Component() {
  return (
    <PlaceholderScreen title="Subscription Confirmed" subtitle="Thank you: your checkout is complete." />
  );
}
