/**
 * The platform's Bedrock models, live: what ListFoundationModels and ListInferenceProfiles say the
 * account can call in the stage's region now (ACTIVE only: a LEGACY or retired model is never
 * offered), narrowed to the stage's allow-list, cached for a while per function instance.
 */
import type { BedrockClient, FoundationModelSummary, InferenceProfileSummary } from '@aws-sdk/client-bedrock';

export interface BedrockCatalogueEntry {
  /** The model's family: the provider id the chat and the web app see (`anthropic`, `meta`, ...). */
  family: string;
  /** The family's own API name, what conversations store (e.g. `claude-haiku-4-5-20251001`). */
  model: string;
  name: string;
  /** What ConverseStream is called with: the foundation model id, or the region's inference profile. */
  bedrockId: string;
}

export interface BedrockCatalogue {
  list(): Promise<BedrockCatalogueEntry[]>;
}

export const BEDROCK_CATALOGUE_TTL_MS = 10 * 60_000;

/** The geography prefix of the system-defined inference profiles that serve a region. */
function geographyOf(region: string): string {
  const prefix = region.split('-')[0] ?? '';
  return prefix === 'ap' ? 'apac' : prefix;
}

/** `anthropic.claude-haiku-4-5-20251001-v1:0` -> `claude-haiku-4-5-20251001` (its family's own name). */
export function productModelName(foundationModelId: string): { family: string; model: string } {
  const dot = foundationModelId.indexOf('.');
  const family = foundationModelId.slice(0, dot);
  const model = foundationModelId.slice(dot + 1).replace(/-v\d+(:\d+)?$/, '');
  return { family, model };
}

/**
 * The callable chat models among the account's foundation models: ACTIVE, text out, streaming; a
 * model that has on-demand throughput is called by its own id, one that runs only through an
 * inference profile by the region's ACTIVE system-defined profile (none: not callable, left out).
 * `allowList` (ids as called) narrows it, in the stage's order.
 */
export function catalogueFrom(
  models: readonly FoundationModelSummary[],
  profiles: readonly InferenceProfileSummary[],
  { region, allowList }: { region: string; allowList?: readonly string[] | undefined },
): BedrockCatalogueEntry[] {
  const geography = `${geographyOf(region)}.`;
  const profileOf = new Map<string, string>();
  for (const profile of profiles) {
    const id = profile.inferenceProfileId ?? '';
    if (profile.status !== 'ACTIVE' || !id.startsWith(geography)) continue;
    profileOf.set(id.slice(geography.length), id);
  }
  const entries: BedrockCatalogueEntry[] = [];
  for (const summary of models) {
    const id = summary.modelId ?? '';
    if (!id.includes('.') || summary.modelLifecycle?.status !== 'ACTIVE') continue;
    if (!summary.outputModalities?.includes('TEXT') || summary.responseStreamingSupported === false) continue;
    const onDemand = summary.inferenceTypesSupported?.includes('ON_DEMAND') ?? false;
    const bedrockId = onDemand ? id : profileOf.get(id);
    if (!bedrockId) continue;
    entries.push({ ...productModelName(id), name: summary.modelName ?? id, bedrockId });
  }
  if (!allowList) return entries;
  const byId = new Map(entries.map((entry) => [entry.bedrockId, entry]));
  return allowList.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The catalogue read through the control-plane client, kept `ttlMs` (a failed read is not kept,
 * so the next request tries again). The client is created on first use only.
 */
export function createBedrockCatalogue(options: {
  client: () => BedrockClient | Promise<BedrockClient>;
  region: string;
  allowList?: readonly string[] | undefined;
  ttlMs?: number;
  now?: () => number;
}): BedrockCatalogue {
  const ttlMs = options.ttlMs ?? BEDROCK_CATALOGUE_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: { until: number; entries: Promise<BedrockCatalogueEntry[]> } | undefined;

  async function read(): Promise<BedrockCatalogueEntry[]> {
    const [{ ListFoundationModelsCommand, ListInferenceProfilesCommand }, client] = await Promise.all([
      import('@aws-sdk/client-bedrock'),
      options.client(),
    ]);
    const profiles: InferenceProfileSummary[] = [];
    const listProfiles = async () => {
      let nextToken: string | undefined;
      do {
        const page = await client.send(
          new ListInferenceProfilesCommand({ typeEquals: 'SYSTEM_DEFINED', maxResults: 1000, nextToken }),
        );
        profiles.push(...(page.inferenceProfileSummaries ?? []));
        nextToken = page.nextToken;
      } while (nextToken);
    };
    const [models] = await Promise.all([
      client.send(new ListFoundationModelsCommand({ byOutputModality: 'TEXT' })),
      listProfiles(),
    ]);
    return catalogueFrom(models.modelSummaries ?? [], profiles, options);
  }

  return {
    list() {
      if (!cached || cached.until <= now()) {
        const entries = read();
        cached = { until: now() + ttlMs, entries };
        entries.catch(() => {
          if (cached?.entries === entries) cached = undefined;
        });
      }
      return cached.entries;
    },
  };
}
