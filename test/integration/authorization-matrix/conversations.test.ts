import { CONVERSATION_ROWS } from './rows/conversations.js';
import { MESSAGE_ROWS } from './rows/messages.js';
import { runMatrix } from './run-matrix.js';

// One stack for both, in the order of the single file the matrix once was (messages after conversations).
runMatrix('conversations and messages', { ...CONVERSATION_ROWS, ...MESSAGE_ROWS });
