import { describe, expect, it } from 'vitest';
import { fillPromptVariables, PROMPT_MESSAGES, promptInputSchema, promptVariables } from './prompt';

describe('prompt variables', () => {
  it('lists each {{name}} once in order of first use, spaces inside the braces ignored', () => {
    expect(promptVariables('Translate {{text}} into {{ language }}; keep {{text}} short. {{}} {x}')).toEqual([
      'text',
      'language',
    ]);
  });

  it('fills the given variables and leaves the others as written', () => {
    expect(
      fillPromptVariables('Hi {{name}}, {{ topic }} and {{other}}', { name: 'Ann', topic: 'tests' }),
    ).toBe('Hi Ann, tests and {{other}}');
    expect(fillPromptVariables('{{constructor}}', {})).toBe('{{constructor}}');
  });
});

describe('a prompt', () => {
  it('needs a title and a body within their limits; tags and description are optional', () => {
    expect(promptInputSchema.safeParse({ title: ' T ', body: 'B', tags: [' x '] }).data).toEqual({
      title: 'T',
      body: 'B',
      tags: ['x'],
    });
    const messages = (value: unknown) =>
      promptInputSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ title: '', body: '   ' })).toEqual([
      PROMPT_MESSAGES.titleRequired,
      PROMPT_MESSAGES.bodyRequired,
    ]);
    expect(messages({ title: 't', body: 'x'.repeat(8001) })).toEqual([PROMPT_MESSAGES.bodyTooLong]);
    expect(messages({ title: 't', body: 'b', tags: Array(11).fill('t') })).toEqual([
      PROMPT_MESSAGES.tooManyTags,
    ]);
  });
});
