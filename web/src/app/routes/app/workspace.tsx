import { WorkspaceScreen } from '../../../features/workspace/components/workspace-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Code workspace' };

/** /workspace (signed-in): the code workspace with 'Send Code to Chat' (spec 2's demo screen). */
export function Component() {
  return <WorkspaceScreen />;
}
