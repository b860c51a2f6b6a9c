// Where the SQL migrations live, resolved from this file so it works from any working directory.
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));
