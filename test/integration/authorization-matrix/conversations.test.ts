import { CONVERSATION_ROWS } from './rows/conversations.js';
import { runMatrix } from './run-matrix.js';

runMatrix('conversations and messages', CONVERSATION_ROWS);
