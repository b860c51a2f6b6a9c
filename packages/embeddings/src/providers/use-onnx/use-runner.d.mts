// Types of use-runner.mjs.
export interface UseRunnerInput {
  model: Uint8Array;
  vocabulary: [string, number][];
}

export interface UseRunner {
  /** texts × 512 raw values, row by row. */
  embed(texts: string[]): Promise<Float32Array>;
  dispose(): Promise<void>;
}

/** Resolves once the session has run a warm-up text. */
export function createUseRunner(input: UseRunnerInput): Promise<UseRunner>;
