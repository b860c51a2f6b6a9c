// The svc:// resource URIs: built and parsed back, and nothing else accepted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MEMORY_RESOURCE_TEMPLATE,
  RESOURCE_SCHEME,
  RULES_RESOURCE_URI,
  memoryResourceUri,
  parseResourceUri,
} from './resources';

describe('resource URIs', () => {
  it('uses the svc:// scheme for both shapes', () => {
    expect(RESOURCE_SCHEME).toBe('svc://');
    expect(MEMORY_RESOURCE_TEMPLATE).toBe('svc://memory/{id}');
    expect(RULES_RESOURCE_URI).toBe('svc://rules');
  });

  it('round-trips memory ids', () => {
    fc.assert(
      fc.property(fc.uuid({ version: [4, 7] }), (id) => {
        const uri = memoryResourceUri(id);
        return (
          uri === MEMORY_RESOURCE_TEMPLATE.replace('{id}', id) &&
          parseResourceUri(uri)?.kind === 'memory'
        );
      }),
    );
  });

  it('reads the rules URI', () => {
    expect(parseResourceUri('svc://rules')).toEqual({ kind: 'rules' });
  });

  it('refuses anything else', () => {
    for (const uri of [
      'svc://memory/',
      'svc://memory/42',
      'svc://rules/1',
      'https://x/memory/1',
      'svc://memory/../rules',
    ]) {
      expect(parseResourceUri(uri)).toBeNull();
    }
    expect(() => memoryResourceUri('42')).toThrow(TypeError);
  });
});
