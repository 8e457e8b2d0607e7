import {
  hasNativeWebSearch,
  type KnowledgeCitation,
  type StreamQuery,
  type WebSource,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { type ConversationService, serverChanges } from '../conversations/conversation-service.js';
import type { MessageRecord } from '../conversations/message.js';
import { createKnowledgeTools } from '../knowledge/knowledge-tools.js';
import { withRememberTool } from '../memory/remember-tool.js';
import { wantsTitle, writeTitle } from './auto-title.js';
import { withDocumentContext } from './document-context.js';
import { afterEventLoopTurns } from './event-loop-turns.js';
import type { ChatServiceDeps } from './ports.js';
import { replyRequest } from './reply-request.js';
import { type Emit, runReply } from './reply-run.js';
import { openServerTools, type ServerTools } from './server-tools.js';
import { createSourceList, type SourceList } from './source-list.js';
import { cancelFirstCall, type PreparedReply, queriedServers, startReply } from './start-reply.js';
import { type PausedTurn, resumeReply } from './tool-approval.js';
import { runToolLoop } from './tool-loop.js';
import { selectTools, turnOf } from './tool-selection.js';
import { createWebSearchTools, withBuiltInTools } from './web-search.js';

export { STREAM_STOPPED_MARK } from './finish-reply.js';

/** A reply to stream: a new one, or one going on after a tool approval (`paused`). */
type RunnableReply = PreparedReply & { paused?: PausedTurn };

async function streamReply(deps: ChatServiceDeps, run: RunnableReply, emit: Emit): Promise<void> {
  const { caller, query, reply } = run;
  let touch: ReturnType<typeof lastUsed> | undefined;
  let replyText = '';
  let outcome: Awaited<ReturnType<typeof runReply>>;
  try {
    outcome = await runReply(deps, {
      caller,
      reply,
      persisted: run.persisted,
      emit,
      provider: query.provider,
      model: query.model,
      generate: async (signal, onProgress) => {
        const resumed = run.paused?.resumed;
        const knowledge = knowledgeOf(deps, caller, run.settings.collectionIds, resumed?.state.citations);
        knowledge.catch(() => undefined); // awaited below, with the model
        // 'Use my documents': the top passages for the user's message, searched while the tools open.
        const documents =
          run.query.useDocuments && !run.paused ? passagesFor(knowledge, run.history) : undefined;
        documents?.catch(() => undefined); // awaited below, with the model
        const tools = await toolsFor(deps, caller, query, run.serverIds, reply, emit);
        const selection =
          tools.set &&
          selectTools(
            tools.set,
            turnOf(run.history, [...(resumed?.state.toolCalls ?? []), ...(resumed?.calls ?? [])]),
            deps.toolBudget,
          );
        // Spec 4 "Provider fallback": a model no longer offered gave way to another, kept as the
        // conversation's (a failed resolution is reported below, by the awaited model).
        const fellBackTo = await run.model.then(
          (resolved) => resolved.fellBackTo,
          () => undefined,
        );
        const used = fellBackTo ?? { provider: query.provider, model: query.model };
        // Written once the model has answered (its first change), or when the generation ends without one.
        touch = lastUsed(deps, caller, reply.conversationId, {
          lastProvider: used.provider,
          lastModel: used.model,
          ...(fellBackTo
            ? { metadata: { defaultProvider: fellBackTo.provider, defaultModel: fellBackTo.model } }
            : {}),
          ...(tools.serverIds ? serverChanges(tools.serverIds) : {}),
        });
        try {
          const { provider, model: modelId } = await run.model;
          const web = webSearchOf(deps, run.settings.webSearch === true, provider.id, resumed?.state.sources);
          const searched = await knowledge;
          const withWeb = web?.tools ? withBuiltInTools(selection?.set, web.tools.set) : selection?.set;
          const chatTools = searched ? withBuiltInTools(withWeb, searched.set) : withWeb;
          // With memory on the model may propose a fact (memory/remember-tool.ts), always offered.
          const offered = (await run.memory).on ? withRememberTool(chatTools) : chatTools;
          const request = replyRequest(
            modelId,
            run.settings,
            withDocumentContext(
              [...(await run.modelMessages), ...(run.paused?.messages ?? [])],
              await documents,
            ),
            await run.system,
          );
          const state = await runToolLoop({
            // The first call, when it was opened ahead (start-reply), is taken over, not sent again.
            provider: (await run.firstCall)?.provider ?? provider,
            providerLabel: used.provider,
            ...request,
            ...(offered ? { tools: offered } : {}),
            ...(run.paused ? { resumed: run.paused.resumed } : {}),
            ...(tools.unavailable ? { preface: tools.unavailable } : {}),
            ...(web?.native ? { nativeSearch: web.native } : {}),
            temperature: request.temperature,
            signal,
            emit,
            onProgress: (progress) => {
              if (selection) progress.toolsOffered = selection.offered();
              if (web) progress.sources = web.sources();
              if (searched) progress.citations = searched.citations();
              onProgress(progress);
              touch?.record();
            },
          });
          replyText = state.content;
          if (selection) state.toolsOffered = selection.offered();
          if (web) state.sources = web.sources();
          if (searched) state.citations = searched.citations();
          return {
            state,
            usedServer: state.toolCalls.find((call) => call.serverId)?.serverId,
          };
        } finally {
          touch?.record();
        }
      },
    });
  } finally {
    // A call opened ahead and never taken (the reply failed before its first call) is aborted.
    cancelFirstCall(run.firstCall);
    await touch?.done();
  }
  const exchange = {
    conversationTitle: run.title,
    userText: run.history.findLast((message) => message.role === 'user')?.content ?? '',
    replyText,
  };
  const earlierReplies = run.history.filter((message) => message.role === 'assistant').length;
  if (outcome.kind === 'complete' && wantsTitle(exchange, earlierReplies)) {
    const { provider, model } = await run.model;
    await writeTitle(deps, caller, { conversationId: reply.conversationId, provider, model }, exchange, emit);
  }
}

/**
 * The conversation's 'Web search' toggle: the provider's own search where it has one (its pages
 * numbered in `native`), else the operator's search API's tools where one is configured.
 */
function webSearchOf(
  deps: ChatServiceDeps,
  on: boolean,
  providerId: string,
  seed: WebSource[] | undefined,
):
  | { native?: SourceList; tools?: ReturnType<typeof createWebSearchTools>; sources: () => WebSource[] }
  | undefined {
  if (!on) return undefined;
  if (hasNativeWebSearch(providerId)) {
    const native = createSourceList(seed);
    return { native, sources: native.all };
  }
  if (!deps.webSearch) return undefined;
  const tools = createWebSearchTools(deps.webSearch, seed);
  return { tools, sources: tools.sources };
}

/**
 * The conversation's attached knowledge collections: `search_knowledge` over those the caller may
 * read now (one they may no longer read is left out, never an error that ends the chat: the
 * settings' save refused it, a team left since is skipped), its passages numbered as `citations`.
 */
async function knowledgeOf(
  deps: ChatServiceDeps,
  caller: Caller,
  collectionIds: readonly string[] | undefined,
  seed: KnowledgeCitation[] | undefined,
): Promise<ReturnType<typeof createKnowledgeTools> | undefined> {
  if (!collectionIds?.length || !deps.knowledge) return undefined;
  const search = await deps.knowledge.searchFor(caller, collectionIds);
  return search ? createKnowledgeTools(search, seed) : undefined;
}

/** The passages 'Use my documents' puts in the turn: found with the message the reply answers. */
async function passagesFor(
  knowledge: ReturnType<typeof knowledgeOf>,
  history: readonly MessageRecord[],
): Promise<string | undefined> {
  const searched = await knowledge;
  const message = history.findLast((m) => m.role === 'user')?.content;
  return searched && message ? searched.forTurn(message) : undefined;
}

type ConversationTouch = Parameters<ConversationService['touch']>[2];

/**
 * The model (and server) a reply used, recorded on its conversation once (`record`): it does not
 * gate the reply, so it is written after the first delta, not before the model call. `done` waits
 * for it (and reports its failure). The write starts a macrotask later: Node sends a response
 * write (the Lambda runtime's stream too) only once every pending microtask has run, and the
 * write's own request-building work, begun in the same turn, would hold the first delta back.
 */
function lastUsed(deps: ChatServiceDeps, caller: Caller, conversationId: string, changes: ConversationTouch) {
  let written: Promise<void> | undefined;
  return {
    record() {
      written ??= afterEventLoopTurns(1).then(() =>
        deps.conversations.touch(caller, conversationId, changes),
      );
      written.catch(() => undefined); // awaited by `done`
    },
    done: async () => written,
  };
}

/** The tools of the reply's servers (server-tools.ts); the conversation's own list forgets a deleted one. */
async function toolsFor(
  deps: ChatServiceDeps,
  caller: Caller,
  query: StreamQuery,
  serverIds: string[],
  reply: MessageRecord,
  emit: Emit,
): Promise<Partial<ServerTools>> {
  if (serverIds.length === 0 || !deps.tools) return {};
  return openServerTools(deps.tools, caller, serverIds, {
    forgetMissing: queriedServers(query) === undefined,
    onStatus: (status, server) =>
      emit({ type: 'status', status, messageId: reply.messageId, ...(server ? { server } : {}) }),
  });
}

/** Generates a streamed assistant reply in one of the caller's conversations. */
export function createChatService(deps: ChatServiceDeps) {
  return {
    /**
     * Prepares the reply (see startReply); `run` then streams it through `emit`: every failure
     * there is an `error` event and an error message.
     */
    async start(
      caller: Caller,
      query: StreamQuery,
      /** The access gate's answer (http/sse-route): nothing is written before it lets the caller in. */
      admitted: Promise<void> = Promise.resolve(),
    ): Promise<{ messageId: string; run: (emit: Emit) => Promise<void> }> {
      const prepared: RunnableReply = query.approvalFor
        ? await resumeReply(deps, caller, query, admitted)
        : await startReply(deps, caller, query, admitted);
      return {
        messageId: prepared.reply.messageId,
        run: (emit) => streamReply(deps, prepared, emit),
      };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
