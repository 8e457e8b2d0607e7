import { ACCOUNT_ROWS } from './rows/account.js';
import { runMatrix } from './run-matrix.js';

runMatrix('the account, its memory and its GitHub link', ACCOUNT_ROWS);
