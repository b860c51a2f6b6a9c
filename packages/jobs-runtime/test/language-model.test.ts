// The language model from its settings: none without a base URL, and the line `svc jobs` prints either way.
import { describe, expect, it } from 'vitest';
import { languageModel, languageModelLine } from '../src';
import { captureLogs } from './helpers';

describe('the language model of a process', () => {
  const off = { timeoutSeconds: 60 };
  const on = { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b', timeoutSeconds: 60 };

  it('is absent without LLM_BASE_URL, and svc jobs says what runs without it', () => {
    const { logger } = captureLogs();
    expect(languageModel(off, undefined as never, logger)).toBeNull();
    expect(languageModelLine(off)).toBe(
      'language model: off (LLM_BASE_URL unset): no translation, extraction uses the offline extractor, hygiene uses its word checks only',
    );
  });

  it('names the model and host, and whether the backlog is scheduled', () => {
    const { logger } = captureLogs();
    expect(languageModel(on, undefined as never, logger)?.model).toBe('qwen2.5:7b');
    expect(languageModelLine(on)).toContain('qwen2.5:7b at 127.0.0.1:11434');
    expect(languageModelLine(on)).toContain('TRANSLATION_INTERVAL_HOURS unset');
    expect(languageModelLine(on, 6)).toContain('backlog every 6 h');
  });
});
