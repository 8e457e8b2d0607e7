/**
 * What code each synthesized function runs, read from the sources: its handler modules (from the
 * function's description), the composition roots they import (`composition/<x>.js`, also through
 * `http/*.js`), and the adapter factories those roots build, followed through the roots they use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TABLE_IDS, type TableId } from '../../functions/src/adapters/dynamodb/table-definitions';
import { ROUTES } from '../../functions/src/routes';
import { projectRoot } from './synth';

export const FUNCTIONS_SRC = join(projectRoot, 'functions/src');

/** The handler modules a function runs, from its description (the synth uses one fixture handler for all). */
export function modulesOf(description: string): string[] | undefined {
  const area = description.match(/^AgentForge (\S+) API \(/)?.[1];
  if (area) {
    return ROUTES.filter((route) => route.area === area && route.transport !== 'stream').map(
      (route) => `${area}/${route.handler}`,
    );
  }
  const stream = description.match(/^AgentForge stream (\S+) \(/)?.[1];
  if (stream) return [stream];
  if (description.startsWith('AgentForge MCP reaper')) return ['mcp/reap-servers'];
  if (description.startsWith('AgentForge overage reporter')) return ['billing/report-overage'];
  if (description.startsWith('AgentForge knowledge indexer')) return ['knowledge/index-file'];
  if (description.startsWith('AgentForge automation runner')) return ['automations/runner'];
  if (description.startsWith('AgentForge automation credential authorizer'))
    return ['mcp-gateway/automation-authorizer'];
  if (description.startsWith('Cognito post-confirmation trigger')) return ['auth/post-confirmation'];
  if (description.startsWith('Cognito pre-sign-up trigger')) return ['auth/pre-sign-up'];
  if (description.startsWith('Cognito web client after a deploy')) return ['auth/team-providers'];
  if (description.startsWith('Cognito pre-authentication trigger')) return ['auth/pre-authentication'];
  if (description.startsWith('Cognito post-authentication trigger')) return ['auth/post-authentication'];
  if (description.startsWith('Cognito sign-in events')) return ['auth/sign-in-events'];
  return undefined;
}

const read = (path: string) => readFileSync(join(FUNCTIONS_SRC, path), 'utf8');

/** Named imports `{ a, type B, c as d }` -> [imported name, local name]. */
function namesOf(list: string): [string, string][] {
  return list
    .split(',')
    .map((item) => item.trim().replace(/^type /, ''))
    .filter(Boolean)
    .map((item) => {
      const [imported, local] = item.split(/\s+as\s+/) as [string, string | undefined];
      return [imported, local ?? imported];
    });
}

/**
 * The composition roots (`composition/<x>.js` named imports) the handler modules use, directly or
 * through the `http/` module they are built with (the stream's route verifies ID tokens).
 */
export function rootsOf(modules: readonly string[]): Map<string, Set<string>> {
  const roots = new Map<string, Set<string>>();
  const files = new Set(modules.map((module) => `handlers/${module}.ts`));
  for (const file of files) {
    const source = read(file);
    for (const [, http] of source.matchAll(/from '(?:\.\.\/)+http\/([\w-]+)\.js'/g))
      files.add(`http/${http}.ts`);
    // A handler's helpers beside it (handlers/mcp-gateway/server-actor.ts): their roots are the handler's.
    for (const [, helper] of source.matchAll(/from '\.\/([\w-]+)\.js'/g))
      files.add(`${file.slice(0, file.lastIndexOf('/'))}/${helper}.ts`);
    for (const [, names, root] of source.matchAll(
      /import \{([^}]+)\} from '(?:\.\.\/)+composition\/([\w-]+)\.js'/g,
    )) {
      const set = roots.get(root as string) ?? new Set<string>();
      for (const [name] of namesOf(names as string)) set.add(name);
      roots.set(root as string, set);
    }
  }
  return roots;
}

/** One adapter factory call in a composition root, with the table it is given (`env.tables.<id>`). */
export interface AdapterUse {
  readonly factory: string;
  /** The module the factory is imported from, under functions/src (without `.js`). */
  readonly module: string;
  readonly table?: TableId;
  /** `chat.chatService > models.modelResolver > ...`: how the function reaches it. */
  readonly path: string;
}

interface CompositionModule {
  /** Top-level declarations: name -> source text (comments removed). */
  declarations: Map<string, string>;
  /** Local name -> sibling root it is imported from. */
  siblings: Map<string, { file: string; name: string }>;
  /** Local name -> adapter module it is imported from. */
  adapters: Map<string, string>;
}

const stripComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const modules = new Map<string, CompositionModule>();
function compositionModule(file: string): CompositionModule {
  const cached = modules.get(file);
  if (cached) return cached;
  const source = stripComments(read(`composition/${file}.ts`));
  const siblings = new Map<string, { file: string; name: string }>();
  const adapters = new Map<string, string>();
  for (const [, names, from] of source.matchAll(/import \{([^}]+)\} from '([^']+)'/g)) {
    const sibling = (from as string).match(/^\.\/([\w-]+)\.js$/)?.[1];
    const adapter = (from as string).match(/^\.\.\/(adapters\/[\w/-]+)\.js$/)?.[1];
    for (const [imported, local] of namesOf(names as string)) {
      if (sibling) siblings.set(local, { file: sibling, name: imported });
      if (adapter && /^create[A-Z]/.test(imported)) adapters.set(local, adapter);
    }
  }
  // Adapters loaded on first use: `import('../adapters/x.js').then(({ createX }) => ...)`.
  for (const [, from, names] of source.matchAll(
    /import\('\.\.\/(adapters\/[\w/-]+)\.js'\)\s*\.then\(\(\{([^}]+)\}\)/g,
  )) {
    for (const [imported, local] of namesOf(names as string)) {
      if (/^create[A-Z]/.test(imported)) adapters.set(local, from as string);
    }
  }
  // Roots loaded on first use: `const { a, b } = await import('./x.js')` (account.ts's deletion).
  for (const [, names, sibling] of source.matchAll(
    /const \{([^}]+)\} = await import\('\.\/([\w-]+)\.js'\)/g,
  )) {
    for (const [imported, local] of namesOf(names as string)) {
      siblings.set(local, { file: sibling as string, name: imported });
    }
  }
  const starts = [...source.matchAll(/^(?:export )?(?:async )?(?:function|const|let) (\w+)/gm)];
  const declarations = new Map(
    starts.map((match, index) => [
      match[1] as string,
      source.slice(match.index, starts[index + 1]?.index ?? source.length),
    ]),
  );
  const parsed = { declarations, siblings, adapters };
  modules.set(file, parsed);
  return parsed;
}

/** The arguments of the call whose opening parenthesis is at `open`. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error(`Unbalanced call in ${text.slice(0, 80)}`);
}

/** Every adapter factory call reachable from the roots, following the roots and helpers they use. */
export function adaptersReachedFrom(roots: Map<string, Set<string>>): AdapterUse[] {
  const uses: AdapterUse[] = [];
  const seen = new Set<string>();
  const visit = (file: string, name: string, path: string) => {
    const key = `${file}.${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const module = compositionModule(file);
    const body = module.declarations.get(name);
    if (body === undefined) throw new Error(`composition/${file}.ts has no top-level ${name}`);
    const here = path ? `${path} > ${key}` : key;
    for (const [local, adapter] of module.adapters) {
      for (const call of body.matchAll(new RegExp(`\\b${local}\\(`, 'g'))) {
        const args = argumentsAt(body, (call.index as number) + local.length);
        const table = args.match(/\benv\.tables\.(\w+)/)?.[1];
        if (table !== undefined && !(TABLE_IDS as readonly string[]).includes(table)) {
          throw new Error(`${key} passes an unknown table ${table} to ${local}`);
        }
        uses.push({
          factory: local,
          module: adapter,
          ...(table ? { table: table as TableId } : {}),
          path: here,
        });
      }
    }
    for (const other of module.declarations.keys()) {
      if (other !== name && new RegExp(`\\b${other}\\b`).test(body)) visit(file, other, here);
    }
    for (const [local, target] of module.siblings) {
      if (new RegExp(`\\b${local}\\b`).test(body)) visit(target.file, target.name, here);
    }
  };
  for (const [file, names] of roots) for (const name of names) visit(file, name, '');
  return uses;
}
