import { PromptLibraryScreen } from '../../../features/prompts/components/prompt-library-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Prompt library' };

/** /prompts (signed-in): the prompt library (issue 31 item 3), from the account menu and the picker. */
export function Component() {
  return <PromptLibraryScreen />;
}
