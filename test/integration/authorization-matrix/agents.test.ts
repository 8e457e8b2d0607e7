import { AGENT_ROWS } from './rows/agents.js';
import { runMatrix } from './run-matrix.js';

runMatrix('agent plans', AGENT_ROWS);
