// The life cycle every provider shares: one shared load, batching, input clean-up and output checks.
import { ServiceError } from '@svc/errors';
import type { EmbedPurpose, Embedder } from './embedder';
import { isFiniteVector, toUnitVector } from './vectors';

/** What a provider hands back once its model is usable. */
export interface LoadedModel {
  readonly dimensions: number;
  /** Raw vectors for one batch, in input order; normalising and checking them is done here, once. */
  embedBatch(texts: string[], purpose: EmbedPurpose): Promise<ArrayLike<number>[]>;
  dispose?(): Promise<void> | void;
}

export interface LazyEmbedderOptions {
  model: string;
  batchSize: number;
  /** Known before loading (USE, or an HTTP model with configured dimensions): no load to answer. */
  dimensions?: number;
  /** Longest text handed to the model, in UTF-16 code units. */
  maxChars?: number;
  load(): Promise<LoadedModel>;
}

/**
 * Memories are chunked upstream; past this a text's vector barely moves, while some models slow
 * down sharply (USE lite's tokenizer is quadratic: 40k characters take seconds).
 */
export const DEFAULT_MAX_CHARS = 8000;

function internal(message: string, cause?: unknown): ServiceError {
  return new ServiceError('internal', message, { cause });
}

function passOrWrap(err: unknown, message: string): ServiceError {
  return err instanceof ServiceError ? err : internal(message, err);
}

/** Empty input is dropped or refused by some backends (USE loses a trailing empty text). */
function prepare(text: string, maxChars: number): string {
  if (text.length === 0) return ' ';
  if (text.length <= maxChars) return text;
  const last = text.charCodeAt(maxChars - 1);
  const cut = last >= 0xd800 && last <= 0xdbff ? maxChars - 1 : maxChars; // keep surrogate pairs whole
  return text.slice(0, cut);
}

export function createLazyEmbedder(options: LazyEmbedderOptions): Embedder {
  const { model, batchSize } = options;
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`batchSize must be a positive integer`);
  let loading: Promise<LoadedModel> | undefined;
  let loaded: LoadedModel | undefined;
  let closed = false;
  const closedError = () => internal(`Embedder ${model} is closed`);

  function accept(m: LoadedModel): LoadedModel {
    if (closed) {
      void m.dispose?.();
      throw closedError();
    }
    if (!Number.isInteger(m.dimensions) || m.dimensions <= 0) {
      throw internal(`Embedding model ${model} reported ${m.dimensions} dimensions`);
    }
    if (options.dimensions !== undefined && m.dimensions !== options.dimensions) {
      throw internal(
        `Embedding model ${model} gives ${m.dimensions} dimensions, configured ${options.dimensions}`,
      );
    }
    loaded = m;
    return m;
  }

  function ensureLoaded(): Promise<LoadedModel> {
    if (closed) return Promise.reject(closedError());
    if (loaded) return Promise.resolve(loaded);
    loading ??= options
      .load()
      .catch((err: unknown) => {
        throw passOrWrap(err, `Embedding model ${model} failed to load`);
      })
      .then(accept)
      .catch((err: unknown) => {
        loading = undefined; // the next caller retries instead of inheriting a stale failure
        throw err;
      });
    return loading;
  }

  async function embedBatch(
    m: LoadedModel,
    batch: string[],
    purpose: EmbedPurpose,
  ): Promise<Float32Array[]> {
    let raw: ArrayLike<number>[];
    try {
      raw = await m.embedBatch(batch, purpose);
    } catch (err) {
      throw passOrWrap(err, `Embedding with ${model} failed`);
    }
    if (raw.length !== batch.length) {
      throw internal(
        `Embedding model ${model} returned ${raw.length} vectors for ${batch.length} texts`,
      );
    }
    return raw.map((vector) => {
      if (vector.length !== m.dimensions || !isFiniteVector(vector)) {
        throw internal(
          `Embedding model ${model} returned a malformed vector (length ${vector.length})`,
        );
      }
      return toUnitVector(vector);
    });
  }

  return {
    model,
    async dimensions() {
      return options.dimensions ?? (await ensureLoaded()).dimensions;
    },
    async embed(texts, purpose) {
      if (texts.length === 0 && !closed) return []; // nothing to wait for
      const m = await ensureLoaded();
      const prepared = texts.map((t) => prepare(t, maxChars));
      // Local models pad a batch to its longest text: a long list is cut into batches of
      // similar lengths (shortest first), and each vector put back in its text's place.
      const order = prepared.map((_, i) => i);
      if (prepared.length > batchSize) order.sort((a, b) => prepared[a]!.length - prepared[b]!.length);
      const out = new Array<Float32Array>(prepared.length);
      for (let i = 0; i < order.length; i += batchSize) {
        // Local models compute synchronously; a macrotask turn between batches lets pending
        // requests run while a large re-embedding is under way.
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        const batch = order.slice(i, i + batchSize);
        const vectors = await embedBatch(m, batch.map((at) => prepared[at]!), purpose);
        batch.forEach((at, j) => (out[at] = vectors[j]!));
      }
      return out;
    },
    async warm() {
      await ensureLoaded();
    },
    isWarm: () => loaded !== undefined,
    async close() {
      closed = true;
      const m = loaded;
      loaded = undefined;
      await m?.dispose?.();
      await loading?.catch(() => undefined); // an in-flight load disposes itself in accept()
    },
  };
}
