import { PlaceholderScreen } from '../../../components/placeholder-screen';

/** /login (guest): the Welcome Back screen. Placeholder until the sign-in issue. */
export function Component() {
  return (
    <PlaceholderScreen
      title="Welcome Back"
      subtitle="Continue your development journey"
      links={[
        { to: '/signup', label: 'Sign up here' },
        { to: '/reset', label: 'Forgot Password?' },
      ]}
    />
  );
}
