import { PlaceholderScreen } from '../../../components/placeholder-screen';

/** /reset (guest): password reset. Placeholder until the password-reset issue. */
export function Component() {
  return (
    <PlaceholderScreen
      title="Password Reset"
      subtitle="Recover your account access"
      links={[
        { to: '/signup', label: 'Sign up here' },
        { to: '/login', label: 'Login' },
      ]}
    />
  );
}
