import { PlaceholderScreen } from '../../../components/placeholder-screen';

/** /home (signed-in): the main chat and servers screen. Placeholder until the chat issue. */
export function Component() {
  return <PlaceholderScreen title="Home" subtitle="Chats and MCP servers" />;
}
