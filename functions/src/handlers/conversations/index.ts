import { createAreaRouter } from '../../http/area-router.js';
import { handler as createAttachment } from './create-attachment.js';
import { handler as createConversation } from './create-conversation.js';
import { handler as decideMemoryProposal } from './decide-memory-proposal.js';
import { handler as deleteConversation } from './delete-conversation.js';
import { handler as getAttachment } from './get-attachment.js';
import { handler as getConversation } from './get-conversation.js';
import { handler as listConversations } from './list-conversations.js';
import { handler as listMessages } from './list-messages.js';
import { handler as searchConversations } from './search-conversations.js';
import { handler as selectBranch } from './select-branch.js';
import { handler as stopMessage } from './stop-message.js';
import { handler as updateConversation } from './update-conversation.js';
import { handler as updateMessage } from './update-message.js';

export const handler = createAreaRouter('conversations', {
  createConversation,
  listConversations,
  searchConversations,
  getConversation,
  updateConversation,
  deleteConversation,
  listMessages,
  updateMessage,
  stopMessage,
  decideMemoryProposal,
  selectBranch,
  createAttachment,
  getAttachment,
});
