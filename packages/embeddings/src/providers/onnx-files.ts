// Checks an ONNX model directory before transformers.js reads it, so a wrong path gets a clear error.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ServiceError } from '@svc/errors';

export const ONNX_DTYPES = ['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4'] as const;
export type OnnxDtype = (typeof ONNX_DTYPES)[number];

/** transformers.js picks `onnx/model<suffix>.onnx` by dtype (its DEFAULT_DTYPE_SUFFIX_MAPPING). */
const DTYPE_SUFFIX: Readonly<Record<OnnxDtype, string>> = {
  fp32: '',
  fp16: '_fp16',
  q8: '_quantized',
  int8: '_int8',
  uint8: '_uint8',
  q4: '_q4',
};

export function onnxModelFile(dtype: OnnxDtype): string {
  return `onnx/model${DTYPE_SUFFIX[dtype]}.onnx`;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

export async function checkOnnxModelDir(dir: string, dtype: OnnxDtype): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new ServiceError('internal', `ONNX embedding model directory not found: ${dir}`, {
      details: { modelDir: dir },
    });
  }
  const required = ['config.json', 'tokenizer.json', 'tokenizer_config.json', onnxModelFile(dtype)];
  const present = await Promise.all(required.map((file) => isFile(join(dir, file))));
  const missing = required.filter((_, i) => !present[i]);
  if (missing.length > 0) {
    throw new ServiceError(
      'internal',
      `ONNX embedding model directory ${dir} lacks ${missing.join(', ')}`,
      {
        details: { modelDir: dir, missing },
      },
    );
  }
}
