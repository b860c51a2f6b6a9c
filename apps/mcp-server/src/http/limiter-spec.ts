// What a rate limiter counts: its bucket family, points and window (apart, so the store and its insurance share it).
export interface LimiterSpec {
  /**
   * The bucket family. In the shared store every limiter with one prefix counts together, so each
   * place that limits on its own (as it did with a limiter of its own in memory) names its own.
   */
  keyPrefix: string;
  /** Points allowed per window. */
  points: number;
  /** The window, in seconds. */
  duration: number;
}
