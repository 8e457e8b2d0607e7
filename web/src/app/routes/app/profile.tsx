import { PlaceholderScreen } from '../../../components/placeholder-screen';

/** /profile (signed-in): the spec shows no content for this route. */
export function Component() {
  return <PlaceholderScreen title="Profile" />;
}
