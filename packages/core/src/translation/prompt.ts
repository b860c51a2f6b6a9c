// What the model is asked when a memory is translated, and the shape its answer must have.
import { z } from 'zod';
import type { ChatMessage } from '@svc/llm';

export const translationAnswer = z.object({
  english: z.string().min(1).describe('The note in English, meaning and tone kept.'),
});

const INSTRUCTIONS = [
  'You translate short notes an AI agent stored about a person or a software project into English.',
  'Keep the meaning exactly; do not add, explain or summarise.',
  'Leave code, identifiers, file paths, commands, URLs, names and numbers exactly as written.',
  'If the note is already English, return it unchanged.',
].join(' ');

export function translationMessages(language: string, text: string): ChatMessage[] {
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: `Language: ${language}\nNote:\n${text}` },
  ];
}
