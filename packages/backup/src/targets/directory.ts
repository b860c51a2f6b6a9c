// A directory of backups: one folder per backup, made complete by renaming it into place.
import { constants } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fail } from '@svc/errors';
import { isBackupId } from '../ids';
import { MANIFEST_FILE } from '../manifest';
import type { BackupTarget, BackupWriter } from './target';

const PARTIAL = '.partial';

/** Written, flushed to disk, then closed: a backup that says it is stored survives a power cut. */
async function writeDurably(path: string, body: Buffer): Promise<void> {
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Copied by the kernel (no buffer of ours holds it), then flushed like writeDurably's files. */
async function copyDurably(from: string, path: string): Promise<void> {
  await copyFile(from, path, constants.COPYFILE_EXCL);
  const handle = await open(path, 'r+');
  try {
    await handle.chmod(0o600);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

export function directoryTarget(dir: string): BackupTarget {
  const root = resolve(dir);
  const folders = async (): Promise<string[]> => {
    const entries = await readdir(root, { withFileTypes: true }).catch((thrown: NodeJS.ErrnoException) => {
      if (thrown.code === 'ENOENT') return [];
      throw thrown;
    });
    return entries.filter((e) => e.isDirectory()).map((e) => e.name);
  };
  return {
    description: root,
    open(id): BackupWriter {
      const partial = join(root, `${id}${PARTIAL}`);
      let made = false;
      const ensure = async () => {
        if (made) return;
        await mkdir(partial, { recursive: true, mode: 0o700 });
        made = true;
      };
      return {
        async put(file, from) {
          await ensure();
          await copyDurably(from.path, join(partial, file));
        },
        async commit(manifest) {
          await ensure();
          await writeDurably(join(partial, MANIFEST_FILE), manifest);
          // The rename is the moment the backup exists: a crash before it leaves only a .partial folder.
          await rename(partial, join(root, id));
        },
        async abort() {
          await rm(partial, { recursive: true, force: true });
        },
      };
    },
    async read(id, file) {
      try {
        return await readFile(join(root, id, file));
      } catch (thrown) {
        if ((thrown as NodeJS.ErrnoException).code === 'ENOENT') throw fail.notFound(`Backup ${id} has no ${file} in ${root}`);
        throw thrown;
      }
    },
    async download(id, file, to) {
      try {
        await copyFile(join(root, id, file), to, constants.COPYFILE_EXCL);
      } catch (thrown) {
        if ((thrown as NodeJS.ErrnoException).code === 'ENOENT') throw fail.notFound(`Backup ${id} has no ${file} in ${root}`);
        throw thrown;
      }
    },
    async list() {
      const ids = (await folders()).filter(isBackupId);
      const complete = await Promise.all(ids.map((id) => exists(join(root, id, MANIFEST_FILE))));
      return ids.filter((_, i) => complete[i]);
    },
    async listIncomplete() {
      return (await folders()).filter((name) => name.endsWith(PARTIAL)).map((name) => name.slice(0, -PARTIAL.length)).filter(isBackupId);
    },
    async remove(id) {
      await rm(join(root, id), { recursive: true, force: true });
      await rm(join(root, `${id}${PARTIAL}`), { recursive: true, force: true });
    },
  };
}
