import { type AgentMode, isPlanOpen, type PlanMode } from '@agentforge/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { plansQuery, putPlan } from '../api/queries';

/** A goal being planned, or whose planning failed. */
export type Attempt = { goal: string; mode: PlanMode; error: string | null };

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

/**
 * Which plan each conversation's panel shows, and the goal being planned there. Opening a
 * conversation shows its newest plan if still open (and switches to that plan's mode).
 */
export function useShownPlans(
  conversationId: string | null,
  setModeOf: (conversationId: string | null, mode: AgentMode) => void,
) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Readonly<Record<string, string>>>({});
  const [attempts, setAttempts] = useState<Readonly<Record<string, Attempt>>>({});
  const adopted = useRef(new Set<string>());

  const { data: plans } = useQuery({ ...plansQuery(conversationId ?? ''), enabled: conversationId !== null });
  useEffect(() => {
    if (!conversationId || !plans || adopted.current.has(conversationId)) return;
    adopted.current.add(conversationId);
    const newest = plans[0];
    if (!newest || !isPlanOpen(newest)) return;
    putPlan(queryClient, newest);
    setShown((current) => (current[conversationId] ? current : { ...current, [conversationId]: newest.id }));
    setModeOf(conversationId, newest.mode);
  }, [conversationId, plans, queryClient, setModeOf]);

  /** A goal is planned anew in `cid`: the old plan goes from its panel. */
  const planning = useCallback((cid: string, attempt: Attempt) => {
    setShown((current) => without(current, cid));
    setAttempts((current) => ({ ...current, [cid]: attempt }));
  }, []);
  const show = useCallback((cid: string, planId: string) => {
    setShown((current) => ({ ...current, [cid]: planId }));
  }, []);
  const failed = useCallback((cid: string, attempt: Attempt) => {
    setAttempts((current) => ({ ...current, [cid]: attempt }));
  }, []);
  const stopped = useCallback((cid: string) => setAttempts((current) => without(current, cid)), []);
  const forget = useCallback((cid: string) => {
    setShown((current) => without(current, cid));
    setAttempts((current) => without(current, cid));
  }, []);

  return {
    planId: conversationId ? shown[conversationId] : undefined,
    attempt: conversationId ? attempts[conversationId] : undefined,
    planning,
    show,
    failed,
    stopped,
    forget,
  };
}
