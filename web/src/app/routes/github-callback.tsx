import { PlaceholderScreen } from '../../components/placeholder-screen';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'GitHub' };

/** /github/callback: the code-host authorization return. Placeholder until the GitHub issue. */
export function Component() {
  return (
    <PlaceholderScreen title="GitHub Authorization" subtitle="Connecting your code-hosting account..." />
  );
}
