import { MAX_MEMORY_FACT_LENGTH, MAX_MEMORY_FACTS } from '../constants/limits';

/** Memory's user-facing texts (not worded by the spec). */
export const MEMORY_MESSAGES = {
  factEmpty: 'Write the fact to remember.',
  factTooLong: `A fact can be at most ${MAX_MEMORY_FACT_LENGTH} characters.`,
  tooManyFacts: `Memory holds at most ${MAX_MEMORY_FACTS} facts. Delete one before adding another.`,
  factNotFound: 'Fact not found',
} as const;
