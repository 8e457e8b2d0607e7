import { describe, expect, it } from 'vitest';
import { speakableText, speechChunks } from './speakable-text';

describe('speakableText', () => {
  it("reads the Markdown's words, not its syntax", () => {
    const markdown = [
      '## Summary',
      '',
      'The **build** is _green_, see [the log](https://ci.example/1) and `npm test`.',
      '',
      '- first ~~point~~',
      '- second',
      '',
      '> quoted',
      '',
      '![a cat](cat.png) <b>raw</b>',
    ].join('\n');
    expect(speakableText(markdown)).toBe(
      [
        'Summary',
        'The build is green, see the log and npm test.',
        'first point',
        'second',
        'quoted',
        'a cat raw',
      ].join('\n'),
    );
  });

  it('says a fenced code block is there instead of spelling it out', () => {
    expect(speakableText('Run this:\n\n```python\nprint("hi")\n```\n\nDone.')).toBe(
      'Run this:\nCode block in python.\nDone.',
    );
    expect(speakableText('```\nx = 1\n```')).toBe('Code block.');
  });

  it("reads a table's rows, cells separated by commas", () => {
    expect(speakableText('| Plan | Price |\n| --- | --- |\n| Pro | $10 |')).toBe('Plan, Price\nPro, $10');
  });
});

describe('speechChunks', () => {
  it('keeps short lines whole, one utterance each', () => {
    expect(speechChunks('One. Two.\nThree')).toEqual(['One. Two.', 'Three']);
  });

  it('splits a long line between sentences, then a long sentence between words', () => {
    expect(speechChunks('Aaaa bbbb. Cccc dddd. Eeee.', 12)).toEqual(['Aaaa bbbb.', 'Cccc dddd.', 'Eeee.']);
    expect(speechChunks('one two three four five', 9)).toEqual(['one two', 'three', 'four five']);
  });
});
