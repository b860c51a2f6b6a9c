// Tells the refusal of an embedded data directory that another process holds from every other failure.
import { isServiceError } from '@svc/errors';

export function isDataDirLocked(thrown: unknown): boolean {
  return isServiceError(thrown) && thrown.details?.reason === 'data_dir_locked';
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
