import { WORKSPACE_PROMPT_ROWS } from './rows/workspace-prompts.js';
import { runMatrix } from './run-matrix.js';

runMatrix('the workspace and the prompt library', WORKSPACE_PROMPT_ROWS);
