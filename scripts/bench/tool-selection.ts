import type { ToolSet } from '../../functions/src/domain/chat/ports.js';
import { indexTools, rankForTurn } from '../../functions/src/domain/chat/tool-ranking.js';
import {
  DEFAULT_TOOL_BUDGET,
  SEARCH_RESULTS,
  SEARCH_TOOLS,
  schemaTokens,
  selectTools,
} from '../../functions/src/domain/chat/tool-selection.js';
import { labelled, toolSet } from './tool-catalog.js';

/**
 * Tool selection (docs/decisions/mcp-servers.md, "Tool selection"): schema tokens sent per turn and
 * how often the right tool is among those offered, with 5, 50 and 200 tools, without selection
 * (every tool, as before) and with it (the default budget), side by side in one run. Queries are
 * worded as users word them, not as the descriptions do.
 */
const QUERIES: [string, string][] = [
  ['What meetings do I have tomorrow?', labelled('calendar', 'list', 'event')],
  ['Cancel my 3pm appointment with Dana', labelled('calendar', 'delete', 'event')],
  ['Remind me to call mom at 6pm', labelled('calendar', 'create', 'reminder')],
  ['Open a bug about the login page crashing in acme/web', labelled('github', 'create', 'issue')],
  ['Open a PR from feature-x into main', labelled('github', 'create', 'pull_request')],
  ['What changed in the last few commits?', labelled('git', 'list', 'commit')],
  ['Make a new branch called release-2 off main', labelled('git', 'create', 'branch')],
  ['Read README.md for me', labelled('fs', 'get', 'file')],
  ["What's in the src folder?", labelled('fs', 'get', 'directory')],
  ['Send an email to bob@example.com about the launch', labelled('gmail', 'create', 'email')],
  ["Remove the 'old-projects' label from my mailbox", labelled('gmail', 'delete', 'label')],
  ['Show me the first rows of the orders table', labelled('postgres', 'list', 'row')],
  ['Insert a new user record with SQL', labelled('postgres', 'create', 'row')],
  ["Post 'deploy done' in the #ops channel", labelled('slack', 'create', 'message')],
  ['Which Slack channels exist?', labelled('slack', 'list', 'channel')],
  ['File a ticket for the payment timeout bug', labelled('jira', 'create', 'ticket')],
  ['Close the current sprint', labelled('jira', 'update', 'sprint')],
  ['Find the Q3 planning doc in my Drive', labelled('drive', 'list', 'document')],
  ['Make a Drive folder for the offsite photos', labelled('drive', 'create', 'folder')],
  ['Add Jane Doe from Acme as a new lead', labelled('crm', 'create', 'contact')],
  ['Move the Acme deal to closed-won', labelled('crm', 'update', 'opportunity')],
  ['Bill Acme $500 for the consulting work', labelled('stripe', 'create', 'invoice')],
  ['Look up the paying customer cus_123', labelled('stripe', 'get', 'customer')],
  ['Stop and remove the old redis container', labelled('docker', 'delete', 'container')],
  ['Which docker images do I have locally?', labelled('docker', 'list', 'image')],
  ['Why is the api pod crashing? Show its status', labelled('k8s', 'get', 'pod')],
  ['Scale the web deployment to 5 replicas', labelled('k8s', 'update', 'deployment')],
  ['Upload backup.tar.gz to the backups bucket', labelled('s3', 'create', 'object')],
  ['Create an S3 bucket for logs', labelled('s3', 'create', 'bucket')],
  ['Write the meeting notes into a new Notion page', labelled('notion', 'create', 'page')],
  ['Add a bar chart of monthly revenue to the sheet', labelled('sheets', 'create', 'chart')],
  ['Find coffee shops near the office', labelled('maps', 'list', 'place')],
  ['How do I drive from Paris to Lyon?', labelled('maps', 'get', 'route')],
  ['Will it rain in Berlin tomorrow?', labelled('weather', 'get', 'forecast')],
  ['Warn me when a storm warning is issued for Lisbon', labelled('weather', 'create', 'alert')],
  ['Book two days of vacation next week', labelled('hr', 'create', 'time_off')],
  ['Who is the manager of employee 42?', labelled('hr', 'get', 'employee')],
  ["Add 'buy milk' to my to-do list", labelled('todoist', 'create', 'task')],
  ["Mark the task 'write report' as done", labelled('todoist', 'update', 'task')],
  ["Rename the project 'Home' to 'House'", labelled('todoist', 'update', 'project')],
];

const SIZES = [5, 50, 200];
const noServer = async () => ({ content: '', isError: false });
const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '–');

interface Row {
  tools: number;
  queries: number;
  selection: string;
  tokens: number;
  offered: number;
  right: string;
  first: string;
  search: string;
}

function measure(size: number): Row[] {
  const tools = toolSet(size);
  const all: ToolSet = { serverId: 'bench', definitions: tools, call: noServer };
  // Only the queries whose tool the set has: a 5-tool server is asked about its own tools.
  const queries = QUERIES.filter(([, tool]) => tools.some((candidate) => candidate.name === tool));
  const index = indexTools(tools);
  const everything = tools.reduce((sum, tool) => sum + schemaTokens(tool), 0);
  let tokens = 0;
  let offeredCount = 0;
  let right = 0;
  let first = 0;
  let found = 0;
  for (const [text, tool] of queries) {
    const { set } = selectTools(all, { text, usedTools: [] });
    const offered = set.definitions;
    tokens += offered.reduce((sum, definition) => sum + schemaTokens(definition), 0);
    offeredCount += offered.length;
    if (offered.some((definition) => definition.name === tool)) right += 1;
    if (rankForTurn(index, { text })[0] === tool) first += 1;
    // When it was not offered, the model's search_tools (asked in the user's words here) enables it.
    if (index.search(text, SEARCH_RESULTS).includes(tool)) found += 1;
  }
  const n = queries.length;
  return [
    {
      tools: size,
      queries: n,
      selection: 'off',
      tokens: everything,
      offered: size,
      right: percent(n, n),
      first: '–',
      search: '–',
    },
    {
      tools: size,
      queries: n,
      selection: offeredCount / n < size ? 'on' : 'on (fits)',
      tokens: Math.round(tokens / n),
      offered: Math.round(offeredCount / n),
      right: percent(right, n),
      first: percent(first, n),
      search: percent(found, n),
    },
  ];
}

export async function benchToolSelection(): Promise<void> {
  const { maxTools, maxSchemaTokens } = DEFAULT_TOOL_BUDGET;
  console.log(
    `\nTool selection (default budget: ${maxTools} tools / ${maxSchemaTokens} schema tokens; ${QUERIES.length} labelled queries, those whose tool the set has; ${SEARCH_TOOLS} returns ${SEARCH_RESULTS})`,
  );
  const header = [
    'tools',
    'queries',
    'selection',
    'schema tokens/turn',
    'offered',
    'right tool offered',
    'ranked first',
    `found by ${SEARCH_TOOLS}`,
  ];
  const rows = SIZES.flatMap(measure).map((row) =>
    [row.tools, row.queries, row.selection, row.tokens, row.offered, row.right, row.first, row.search].map(
      String,
    ),
  );
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  for (const row of [header, ...rows]) {
    console.log(`  ${row.map((cell, i) => cell.padStart(widths[i] ?? 0)).join('  ')}`);
  }
}
