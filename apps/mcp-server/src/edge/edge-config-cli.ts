// `pnpm -s edge:config --listen PORT --server HOST:PORT… --dashboard HOST:PORT`: prints the edge's nginx.conf.
import { parseArgs } from 'node:util';
import { fail, isServiceError } from '@svc/errors';
import { parseEnv } from '../env';
import { renderEdgeConfig } from './render-edge-config';

/** The header the edge writes when TRUSTED_CLIENT_IP_HEADER is unset; the server must then be told the same. */
export const DEFAULT_TRUSTED_CLIENT_IP_HEADER = 'X-Real-IP';

function main(argv: string[]): string {
  const { values } = parseArgs({
    args: argv,
    options: {
      listen: { type: 'string' },
      server: { type: 'string', multiple: true },
      dashboard: { type: 'string' },
    },
    strict: true,
  });
  // The same variables as the server's, so one environment file configures both sides.
  const env = parseEnv();
  if (!values.listen || !values.dashboard)
    throw fail.validation('give --listen PORT and --dashboard HOST:PORT');
  if (!env.EDGE_SHARED_SECRET)
    throw fail.validation('EDGE_SHARED_SECRET: set it, for the edge and the server alike');
  return renderEdgeConfig({
    listen: values.listen,
    servers: values.server ?? [],
    dashboard: values.dashboard,
    trustedClientIpHeader: env.TRUSTED_CLIENT_IP_HEADER ?? DEFAULT_TRUSTED_CLIENT_IP_HEADER,
    sharedSecret: env.EDGE_SHARED_SECRET,
    sessionCookiePrefix: env.SESSION_COOKIE_PREFIX,
  });
}

try {
  process.stdout.write(main(process.argv.slice(2)));
} catch (err) {
  const message = isServiceError(err)
    ? `${err.code}: ${err.message}`
    : err instanceof Error
      ? err.message
      : String(err);
  console.error(`edge:config: ${message}`);
  process.exitCode = 1;
}
