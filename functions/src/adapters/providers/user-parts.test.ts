import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../domain/models/model-provider.js';
import { toPrompt } from './ai-sdk-prompt.js';
import { toConverseMessages } from './bedrock-messages.js';

const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const withImage: ModelMessage[] = [
  {
    role: 'user',
    content: [
      { type: 'image', mediaType: 'image/png', data: image },
      { type: 'text', text: 'What is in this picture?' },
    ],
  },
];

describe('a user turn with parts (attachments)', () => {
  it('is a file part and a text part for the AI SDK', () => {
    expect(toPrompt(undefined, withImage)).toEqual([
      {
        role: 'user',
        content: [
          { type: 'file', mediaType: 'image/png', data: image },
          { type: 'text', text: 'What is in this picture?' },
        ],
      },
    ]);
  });

  it('is an image block and a text block for Bedrock Converse', () => {
    expect(toConverseMessages(withImage)).toEqual([
      {
        role: 'user',
        content: [
          { image: { format: 'png', source: { bytes: image } } },
          { text: 'What is in this picture?' },
        ],
      },
    ]);
  });

  it('drops empty text parts for Bedrock (Converse refuses them)', () => {
    expect(
      toConverseMessages([
        {
          role: 'user',
          content: [
            { type: 'image', mediaType: 'image/jpeg', data: image },
            { type: 'text', text: '' },
          ],
        },
      ]),
    ).toEqual([{ role: 'user', content: [{ image: { format: 'jpeg', source: { bytes: image } } }] }]);
  });
});
