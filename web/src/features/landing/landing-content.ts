import { type SimpleIcon, siClaude, siGooglegemini, siMeta, siMistralai } from 'simple-icons';
/**
 * The landing page's marketing copy and mock data (spec 1 pitch, spec 2 "Landing page (/)").
 * Kept apart from the components so the copy can change without touching layout, and so tests
 * can refer to the same values.
 */

/** Tasks the hero lists as examples of what an agent can do. */
export const EXAMPLE_TASKS = [
  'Analyze sales data from your database',
  'Review pull requests on GitHub',
  'Automate weekly status reports',
  'Search and summarize internal documents',
] as const;

/** The five clickable prompts under the mock chat; a click fills the textarea. */
export const EXAMPLE_PROMPTS = [
  'Summarize the open issues in my GitHub repository',
  'Query our sales database and chart revenue by month',
  'Draft a weekly status report from my project tickets',
  'Compare the top three vector databases for a RAG app',
  'Post a Slack message whenever a deployment fails',
] as const;

/** The mock chat textarea's placeholder until an empty send replaces it (spec 5 "Landing chat"). */
export const DEFAULT_CHAT_PLACEHOLDER = 'Ask your AI agent anything...';

export type DemoScene = 'deploy-server' | 'multi-model-chat';
export type DemoVideo = { id: DemoScene; title: string; description: string };

/**
 * The two demos (spec: "demo videos"): drawn in the page as looping animations of the product's
 * own screens, so they work offline, weigh a few KB and need no third-party player.
 */
export const DEMO_VIDEOS: readonly DemoVideo[] = [
  {
    id: 'deploy-server',
    title: 'Deploy an MCP server in one click',
    description: 'Add a tool server to your agent and watch it start in its own isolated container.',
  },
  {
    id: 'multi-model-chat',
    title: 'Chat with multiple models',
    description: 'Switch between model families in one conversation and compare their answers.',
  },
];

export type ModelTile = {
  name: string;
  vendor: string;
  description: string;
  /**
   * The family's mark, bundled (simple-icons, CC0) so the page renders offline and sends nothing
   * to a third party; a family it has no mark for shows its monogram, the Custom tile a glyph.
   */
  logo?: SimpleIcon;
  monogram?: string;
};

/** The model grid's six tiles (spec 1). */
export const MODEL_TILES: readonly ModelTile[] = [
  {
    name: 'Claude',
    vendor: 'Anthropic',
    description: 'Careful reasoning and long documents.',
    logo: siClaude,
  },
  { name: 'GPT-4', vendor: 'OpenAI', description: 'Versatile generation and coding.', monogram: 'GPT' },
  {
    name: 'Gemini',
    vendor: 'Google',
    description: 'Multimodal understanding at scale.',
    logo: siGooglegemini,
  },
  { name: 'Llama', vendor: 'Meta', description: 'Open weights you can run anywhere.', logo: siMeta },
  { name: 'Mistral', vendor: 'Mistral AI', description: 'Fast, efficient open models.', logo: siMistralai },
  { name: 'Custom', vendor: 'Your endpoint', description: 'Bring your own model and API key.' },
];

/** The 'How it works' steps. */
export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Create your agent',
    description: 'Name your agent, pick a model and describe what it should help you with.',
  },
  {
    title: 'Add MCP servers',
    description: 'Connect tool servers in one click: databases, code hosts, search, internal APIs and more.',
  },
  {
    title: 'Start chatting',
    description: 'Ask in plain language. Your agent plans the steps, picks the right tools and reports back.',
  },
] as const;

export type TeamRole = 'Admin' | 'User';

/** The team dashboard mock's members (spec 1: roles Admin and User). */
export const TEAM_MEMBERS: readonly { name: string; email: string; role: TeamRole }[] = [
  { name: 'Alice Chen', email: 'alice@example.com', role: 'Admin' },
  { name: 'Ben Okafor', email: 'ben@example.com', role: 'User' },
  { name: 'Carla Ruiz', email: 'carla@example.com', role: 'User' },
];

/** The team dashboard mock's servers. */
export const TEAM_SERVERS: readonly { name: string; description: string; running: boolean }[] = [
  { name: 'GitHub', description: 'Repositories, issues and pull requests', running: true },
  { name: 'PostgreSQL', description: 'Read-only analytics database', running: true },
  { name: 'Web Search', description: 'Live search results', running: false },
];

/** The three capability cards (spec 1). */
export const CAPABILITIES = [
  {
    title: 'Powerful Tool Integration',
    description: 'Give your agent new skills without writing glue code.',
    points: ['One-click tool addition', 'Intelligent tool selection', 'Isolated containers per tool'],
  },
  {
    title: 'Data Integration & Workflow Automation',
    description: 'Put your data and your routine work in reach of your agent.',
    points: [
      'Connect databases, APIs and files',
      'Automate multi-step workflows',
      'Plans you confirm step by step',
    ],
  },
  {
    title: 'Enterprise-Grade Security',
    description: 'Stay in control of who can do what, and see what happened.',
    points: ['Role-based access control', 'Audit logs', 'Your own provider API keys'],
  },
] as const;

export type FooterLink = { label: string; href: string };

/**
 * Footer links. Only 'Features' points at a section of this page; the others are placeholders
 * (in-page fragments that go nowhere) until those pages and accounts exist.
 */
export const FOOTER_LINK_GROUPS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '#features' },
      { label: 'Pricing', href: '#pricing' },
      { label: 'Documentation', href: '#documentation' },
    ],
  },
  { title: 'Resources', links: [{ label: 'Blog', href: '#blog' }] },
  {
    title: 'Legal',
    links: [
      { label: 'Terms', href: '#terms' },
      { label: 'Privacy', href: '#privacy' },
    ],
  },
];

export const SOCIAL_LINKS: readonly FooterLink[] = [
  { label: 'GitHub', href: '#github' },
  { label: 'X', href: '#x' },
  { label: 'LinkedIn', href: '#linkedin' },
  { label: 'Discord', href: '#discord' },
];
