// `tsx shared/check-tools.ts`: prints the tools/list of a fresh `svc stdio`, to see whether the MCP path can run.
import { connectSvc, prepareDataDir, removeDataDir } from './svc-client';

const { dataDir } = await prepareDataDir([]);
try {
  const svc = await connectSvc({ DATA_DIR: dataDir });
  console.log(svc.tools.join('\n'));
  await svc.close();
} finally {
  await removeDataDir(dataDir);
}
