import { TEAM_ROWS } from './rows/teams.js';
import { runMatrix } from './run-matrix.js';

runMatrix('teams, single sign-on and the audit log', TEAM_ROWS);
