import { BILLING_ROWS } from './rows/billing.js';
import { runMatrix } from './run-matrix.js';

runMatrix('billing', BILLING_ROWS);
