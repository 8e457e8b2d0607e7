import type { ComponentProps } from 'react';
import { ArtifactHost } from '../../artifacts/components/artifact-host';
import { MessageList } from './message-list';

/** A conversation's messages and where its artifacts open (loaded once a chat has messages). */
export default function ConversationView(props: ComponentProps<typeof MessageList>) {
  return (
    <ArtifactHost messages={props.messages}>
      <MessageList {...props} />
    </ArtifactHost>
  );
}
