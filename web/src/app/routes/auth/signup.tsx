import { PlaceholderScreen } from '../../../components/placeholder-screen';

/** /signup (guest): the two-step sign-up. Placeholder until the sign-up issue. */
export function Component() {
  return <PlaceholderScreen title="Create Account" links={[{ to: '/login', label: 'Login' }]} />;
}
