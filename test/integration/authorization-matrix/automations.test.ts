import { AUTOMATION_ROWS } from './rows/automations.js';
import { runMatrix } from './run-matrix.js';

runMatrix('automations', AUTOMATION_ROWS);
