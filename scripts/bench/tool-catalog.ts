import type { ModelToolDefinition } from '../../functions/src/domain/models/model-provider.js';

/**
 * Generated tool sets for the tool-selection bench: 20 domains (files, git, calendar, databases,
 * payments…) of two resources each, five operations a resource, named as real MCP servers name
 * them (snake_case, camelCase, kebab-case), with JSON schemas of realistic size.
 */
type Style = 'snake' | 'camel' | 'kebab';
type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';
interface Resource {
  noun: string;
  /** What it is, as a description says it. */
  gloss: string;
  fields: Record<string, string>;
}
interface Domain {
  prefix: string;
  product: string;
  style: Style;
  resources: Resource[];
}

/**
 * `prefix | product | naming style`, then each resource indented:
 * `noun | what it is | field: description; field: description`.
 */
const DOMAINS_TABLE = `
fs | the local filesystem | snake
  file | a text or binary file at a path | path: Path of the file; content: Text to write
  directory | a folder and the entries in it | path: Path of the folder; recursive: Include subfolders
git | a local git repository | snake
  commit | a recorded change with its message, author and diff | message: Commit message; branch: Branch name
  branch | a line of development starting from a commit | name: Branch name; from: Starting point
github | GitHub | snake
  issue | a bug report or feature request in a repository | repo: owner/name; title: Title; body: Markdown body; labels: Labels
  pull_request | a proposed change merging a head branch into a base branch | repo: owner/name; head: Source branch; base: Target branch; title: Title
calendar | Google Calendar | camel
  event | a meeting or appointment with a start, an end and attendees | summary: Title; start: Start time (ISO 8601); end: End time; attendees: E-mail addresses
  reminder | a notification at a given time | text: What to be reminded of; at: When (ISO 8601)
gmail | Gmail | snake
  email | a message sent to recipients with a subject and body | to: Recipients; subject: Subject line; body: Body text
  label | a tag that organizes the mailbox | name: Label name; color: Colour
postgres | a PostgreSQL database | snake
  table | a relation with columns and their types | schema: Schema name; table: Table name; columns: Column definitions
  row | a record of a table, read or written with SQL | table: Table name; where: SQL condition; values: Column values
slack | Slack | snake
  channel | a conversation space for a team | name: Channel name; private: Whether invite-only
  message | a post in a channel or thread | channel: Channel id; text: Message text; thread_ts: Thread to reply in
jira | Jira | camel
  ticket | a work item (bug, story, task) in a project | project: Project key; summary: Summary; type: Issue type; priority: Priority
  sprint | a time-boxed iteration of a board | board: Board id; name: Sprint name; state: active, closed or future
drive | Google Drive | camel
  document | a doc, sheet or slide deck stored in Drive | name: Document name; mimeType: Type; parent: Folder id
  folder | a container of documents | name: Folder name; parent: Parent folder id
crm | Salesforce | camel
  contact | a person or lead at a customer account | firstName: First name; lastName: Last name; company: Account; email: E-mail
  opportunity | a sales deal with a stage and an amount | name: Deal name; stage: Pipeline stage; amount: Amount
stripe | Stripe | snake
  invoice | a bill for a customer with line items and an amount due | customer: Customer id; amount: Amount in cents; currency: Currency
  customer | a paying account with its billing details | email: E-mail; name: Name
docker | the Docker engine | kebab
  container | a running or stopped instance of an image | image: Image; name: Container name; ports: Port mappings
  image | a packaged filesystem built from a Dockerfile | tag: Image tag; context: Build context
k8s | a Kubernetes cluster | kebab
  pod | a group of containers scheduled together, with logs and status | namespace: Namespace; name: Pod name
  deployment | a replicated workload with a number of replicas | namespace: Namespace; name: Name; replicas: Replica count
s3 | Amazon S3 | snake
  bucket | a storage container for objects | bucket: Bucket name; region: Region
  object | a stored file (upload or download) under a key | bucket: Bucket name; key: Object key; body: Content
notion | Notion | camel
  page | a document of blocks in a workspace | title: Title; parent: Parent page; content: Blocks
  database | a structured collection of pages with properties | title: Title; properties: Property schema
sheets | Google Sheets | camel
  spreadsheet | a workbook of cells and formulas | title: Title; range: A1 range; values: Cell values
  chart | a graph drawn from a range of cells | spreadsheetId: Spreadsheet; range: Data range; kind: bar, line or pie
maps | Google Maps | snake
  place | a business or point of interest near a location | query: What to look for; near: Location; radius: Metres
  route | directions between an origin and a destination | origin: From; destination: To; mode: driving, walking or transit
weather | a weather service | snake
  forecast | the temperature, rain and wind expected at a city | city: City; days: Days ahead
  alert | a severe weather warning watched for an area | area: Area; severity: Minimum severity
hr | the HR system | camel
  employee | a staff member with their manager and team | employeeId: Employee id; team: Team
  time_off | a vacation or leave request with dates | from: First day; to: Last day; kind: vacation or sick
todoist | Todoist | snake
  task | a to-do item with a due date and a done state | content: What to do; due: Due date; priority: Priority
  project | a list that groups tasks | name: Project name; color: Colour
`;

const cells = (line: string) => line.split('|').map((cell) => cell.trim());

function parseDomains(table: string): Domain[] {
  const domains: Domain[] = [];
  for (const line of table.split('\n').filter((row) => row.trim())) {
    const [first = '', second = '', third = ''] = cells(line);
    if (!line.startsWith(' ')) {
      domains.push({ prefix: first, product: second, style: third as Style, resources: [] });
      continue;
    }
    const fields = Object.fromEntries(
      third.split(';').map((field) => field.split(':').map((part) => part.trim()) as [string, string]),
    );
    domains.at(-1)?.resources.push({ noun: first, gloss: second, fields });
  }
  return domains;
}

const DOMAINS = parseDomains(DOMAINS_TABLE);

const OPERATIONS: Operation[] = ['list', 'get', 'create', 'update', 'delete'];
const VERB: Record<Operation, string> = {
  list: 'List the',
  get: 'Get one',
  create: 'Create a new',
  update: 'Update an existing',
  delete: 'Delete a',
};

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function toolName(domain: Domain, operation: Operation, noun: string): string {
  const words = [domain.prefix, operation, ...noun.split('_')];
  if (operation === 'list') words[words.length - 1] += 's';
  if (domain.style === 'camel') return words[0] + words.slice(1).map(capital).join('');
  return words.join(domain.style === 'kebab' ? '-' : '_');
}

function schemaOf(operation: Operation, resource: Resource) {
  const id = {
    [`${resource.noun}_id`]: { type: 'string', description: `The ${resource.noun.replace('_', ' ')}'s id` },
  };
  const fields = Object.fromEntries(
    Object.entries(resource.fields).map(([name, description]) => [name, { type: 'string', description }]),
  );
  const paging = {
    limit: { type: 'integer', description: 'Results per page (default 20)', minimum: 1, maximum: 100 },
    cursor: { type: 'string', description: 'Where the previous page ended' },
  };
  const properties =
    operation === 'list'
      ? { ...fields, ...paging }
      : operation === 'create'
        ? fields
        : operation === 'update'
          ? { ...id, ...fields }
          : id;
  const required = operation === 'list' || operation === 'create' ? [] : Object.keys(id);
  return { type: 'object', properties, required, additionalProperties: false };
}

/** Every generated tool, interleaved across domains: any prefix of it spans many domains. */
function allTools(): ModelToolDefinition[] {
  const byDomain = DOMAINS.map((domain) =>
    domain.resources.flatMap((resource) =>
      OPERATIONS.map((operation) => ({
        name: toolName(domain, operation, resource.noun),
        description: `${VERB[operation]} ${resource.noun.replace('_', ' ')}${operation === 'list' ? 's' : ''} (${resource.gloss}) in ${domain.product}.`,
        inputSchema: schemaOf(operation, resource),
      })),
    ),
  );
  const longest = Math.max(...byDomain.map((tools) => tools.length));
  return Array.from({ length: longest }, (_, i) => byDomain.flatMap((tools) => tools[i] ?? [])).flat();
}

/** `size` tools across the domains (5, 50 or 200). */
export const toolSet = (size: number): ModelToolDefinition[] => allTools().slice(0, size);

/** The name of a domain's tool, for labelling queries without spelling names twice. */
export function labelled(prefix: string, operation: Operation, noun: string): string {
  const domain = DOMAINS.find((candidate) => candidate.prefix === prefix);
  if (!domain) throw new Error(`No domain ${prefix}`);
  return toolName(domain, operation, noun);
}
