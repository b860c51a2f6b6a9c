// Identifier and timestamp schemas every other schema reuses.
import { z } from 'zod';

/** RFC 9562 uuid, as the database mints them. */
export const uuid = z.uuid();

/** Instants carry an explicit offset so no reader has to guess a time zone. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A point in time for temporal filters and `event_at`: a full instant, or a calendar date. */
export const pointInTime = z.union([isoDateTime, z.iso.date()]);
