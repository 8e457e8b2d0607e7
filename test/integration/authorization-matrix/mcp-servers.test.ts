import { f } from './fixture.js';
import { stop } from './resources.js';
import { MCP_SERVER_ROWS } from './rows/mcp-servers.js';
import { runMatrix } from './run-matrix.js';

// The team server as the agent plans' row leaves it (it starts it, then stops it): disabled, as
// these rows find it (the whole matrix once ran in one file, in the manifest's order).
runMatrix('MCP servers', MCP_SERVER_ROWS, () => stop(f.teamServerId));
