import { PlaceholderScreen } from '../../../components/placeholder-screen';

/** /onboarding (signed-in): the onboarding form. Placeholder until the onboarding issue. */
export function Component() {
  return <PlaceholderScreen title="Welcome Aboard" />;
}
