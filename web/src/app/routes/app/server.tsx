import { useParams } from 'react-router-dom';
import { PlaceholderScreen } from '../../../components/placeholder-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Server' };

/** /servers/:appId: the target of the code-host return; the spec shows no content for it. */
export function Component() {
  const { appId } = useParams();
  return <PlaceholderScreen title="Server" subtitle={appId ? `App ${appId}` : undefined} />;
}
