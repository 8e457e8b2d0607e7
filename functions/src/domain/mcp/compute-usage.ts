import type { ComputeUsage, PlanLimits } from '@agentforge/shared';
import { isActiveServerStatus, LIMIT_MESSAGES } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { PlanLimitError } from '../errors.js';
import type {
  ComputeUsageRepository,
  LimitSlots,
  McpServerRecord,
  McpServerRepository,
} from './mcp-server.js';
import { monthOf, runMinutes } from './server-states.js';

export interface ComputeUsageDeps {
  servers: McpServerRepository;
  usage: ComputeUsageRepository;
  /** The plan's concurrent-server limit, held with conditional writes (parallel enables cannot exceed it). */
  slots: LimitSlots;
  planOf: (userId: string) => Promise<ServerPlan>;
  now: () => number;
}

/** A plan's server limits, and its name for the messages. */
export type ServerPlan = PlanLimits & { readonly name?: string };

const concurrencyLimit = (max: number) =>
  new PlanLimitError(
    `Your plan runs at most ${max} server${max === 1 ? '' : 's'} at a time. Disable another server first.`,
  );

/** What runs cost the plan: concurrent-server slots and this month's compute minutes. */
export function createComputeUsage(deps: ComputeUsageDeps) {
  const { servers, now } = deps;

  /**
   * Takes one of the plan's concurrent-server slots for a run of this server, or throws
   * PlanLimitError (too many running, or this month's compute hours used up).
   */
  async function takeSlot(caller: Caller, serverId: string): Promise<void> {
    const plan = await deps.planOf(caller.userId);
    const active = (await servers.listByUser(caller.userId)).filter((s) => isActiveServerStatus(s.status));
    if (active.length >= plan.maxConcurrentServers) throw concurrencyLimit(plan.maxConcurrentServers);
    const used = await deps.usage.computeMinutes(caller.userId, monthOf(now()));
    if (used >= plan.monthlyComputeHours * 60) {
      throw new PlanLimitError(
        LIMIT_MESSAGES.monthlyCompute(plan.monthlyComputeHours, plan.name ?? 'current'),
      );
    }
    const isActive = async (holder: string) => {
      const other = await servers.get(caller.userId, holder);
      return other !== undefined && isActiveServerStatus(other.status);
    };
    if (!(await deps.slots.take(caller.userId, serverId, plan.maxConcurrentServers, isActive))) {
      throw concurrencyLimit(plan.maxConcurrentServers);
    }
  }

  const releaseSlot = (userId: string, serverId: string) => deps.slots.release(userId, serverId);

  /** A finished run: its slot is free again and its minutes are booked. */
  async function bookRun(record: McpServerRecord, endedAt: number): Promise<void> {
    await releaseSlot(record.userId, record.serverId);
    if (!record.runStartedAt) return;
    const minutes = runMinutes(record.runStartedAt, endedAt);
    if (minutes > 0) await deps.usage.addComputeMinutes(record.userId, monthOf(endedAt), minutes);
  }

  async function usageOf(userId: string): Promise<ComputeUsage & { plan: ServerPlan }> {
    const at = now();
    const month = monthOf(at);
    const booked = await deps.usage.computeMinutes(userId, month);
    // Runs still going count too, so the bar moves while a server runs.
    const running = (await servers.listByUser(userId))
      .filter((s) => s.runStartedAt && isActiveServerStatus(s.status))
      .reduce((sum, s) => sum + runMinutes(s.runStartedAt as number, at), 0);
    const plan = await deps.planOf(userId);
    const limitMinutes = plan.monthlyComputeHours * 60;
    const usedMinutes = booked + running;
    return {
      currentMonth: month,
      usedMinutes,
      limitMinutes,
      remainingMinutes: Math.max(0, limitMinutes - usedMinutes),
      plan,
    };
  }

  async function usage(caller: Caller): Promise<ComputeUsage> {
    const { plan: _plan, ...computed } = await usageOf(caller.userId);
    return computed;
  }

  /** The plan whose month's compute hours the user's runs (booked and still going) have used up, if so. */
  async function exhausted(userId: string): Promise<ServerPlan | undefined> {
    const { remainingMinutes, plan } = await usageOf(userId);
    return remainingMinutes <= 0 ? plan : undefined;
  }

  return { takeSlot, releaseSlot, bookRun, usage, exhausted };
}
export type ComputeUsageService = ReturnType<typeof createComputeUsage>;
