import { describe, expect, it } from 'vitest';
import { MEMORY_PROMPT_HEADING } from '../memory/memory-prompt.js';
import {
  ARTIFACT_CONVENTION,
  ARTIFACT_CONVENTION_TOKENS,
  artifactConventionApplies,
  replySystemPrompt,
} from './reply-system.js';

const facts = [{ factId: 'f1', text: 'I prefer TypeScript.', createdAt: 1, updatedAt: 1 }];
const user = (content: string) => ({ role: 'user', content });
const assistant = (content: string) => ({ role: 'assistant', content });

describe("a chat reply's system prompt", () => {
  it('tells the model the artifact convention: the languages and the explicit form with an id', () => {
    const prompt = replySystemPrompt(undefined, [], true);
    expect(prompt).toBe(ARTIFACT_CONVENTION);
    for (const language of ['html', 'svg', 'mermaid', 'jsx']) expect(prompt).toContain(language);
    expect(prompt).toContain('```html artifact id="short-id" title="Title"');
  });

  it('keeps the convention short: it is paid on every turn that carries it', () => {
    expect(ARTIFACT_CONVENTION_TOKENS).toBeLessThanOrEqual(80);
  });

  it("puts the convention first (the same prefix every turn), then the conversation's prompt and memory", () => {
    expect(replySystemPrompt('Be brief.', facts, true)).toBe(
      `${ARTIFACT_CONVENTION}\n\nBe brief.\n\n${MEMORY_PROMPT_HEADING}\n- I prefer TypeScript.`,
    );
    expect(replySystemPrompt('Be brief.', [], true)).toBe(`${ARTIFACT_CONVENTION}\n\nBe brief.`);
  });

  it('leaves it out of turns where it does not matter', () => {
    expect(replySystemPrompt('Be brief.', [], false)).toBe('Be brief.');
    expect(replySystemPrompt(undefined, [], false)).toBeUndefined();
  });
});

describe('where the artifact convention applies', () => {
  it('applies when the message asks for a page, an image, a diagram or a component', () => {
    for (const ask of [
      'Make me a landing page',
      'Draw an SVG logo',
      'A mermaid flowchart of login',
      'Write a React counter component',
    ]) {
      expect(artifactConventionApplies([], ask)).toBe(true);
    }
    expect(artifactConventionApplies([user('A diagram of the states, please')])).toBe(true);
  });

  it('applies when the branch already holds an artifact the model may revise', () => {
    const branch = [user('Hi'), assistant('Here:\n\n```svg\n<svg></svg>\n```'), user('Make it red')];
    expect(artifactConventionApplies(branch, 'Make it red')).toBe(true);
  });

  it('does not apply to other turns', () => {
    expect(artifactConventionApplies([], 'What is the capital of France?')).toBe(false);
    const branch = [user('Sort a list in Python'), assistant('```python\nsorted(xs)\n```')];
    expect(artifactConventionApplies(branch, 'And in reverse?')).toBe(false);
  });
});
