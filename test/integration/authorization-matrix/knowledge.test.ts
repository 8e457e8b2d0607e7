import { KNOWLEDGE_ROWS } from './rows/knowledge.js';
import { runMatrix } from './run-matrix.js';

runMatrix('knowledge', KNOWLEDGE_ROWS);
