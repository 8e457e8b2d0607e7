import { en } from 'zod/locales';
import { config } from 'zod/mini';

// zod/mini (the shared schemas' API, docs/decisions/performance-pages-budgets.md) leaves zod's messages
// unconfigured ('Invalid input' for every issue without a message of its own); classic zod set
// English when it loaded. The app configures English once, with the runtime configuration that
// every signed-in page waits for, so a form shows the messages it showed before.
config(en());
