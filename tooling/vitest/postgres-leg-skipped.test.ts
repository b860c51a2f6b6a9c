// Stands in for the PostgreSQL leg when no server is given, so the run's summary says it was skipped.
import { it } from 'vitest';

it.skip(process.env.SVC_POSTGRES_LEG_SKIPPED ?? 'PostgreSQL leg skipped', () => undefined);
