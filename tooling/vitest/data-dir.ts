// Removing a throwaway data directory of a test that starts `svc`, with what `svc` keeps beside it.
import { rmSync } from 'node:fs';

/**
 * The directory and `<DATA_DIR>-backups`, where `svc` stores its backups (the after-deploy one of
 * every start included) when BACKUP_DIR names no other place: removing only the first left one
 * directory in the temporary folder per test file and run.
 */
export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}-backups`, { recursive: true, force: true });
}
