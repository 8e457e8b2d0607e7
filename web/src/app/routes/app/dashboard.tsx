import { PlaceholderScreen } from '../../../components/placeholder-screen';

/** /dashboard: the target after profile setup; the spec shows no content for it. */
export function Component() {
  return <PlaceholderScreen title="Dashboard" />;
}
