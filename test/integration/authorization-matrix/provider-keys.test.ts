import { PROVIDER_KEY_ROWS } from './rows/provider-keys.js';
import { runMatrix } from './run-matrix.js';

runMatrix('provider keys and voice', PROVIDER_KEY_ROWS);
