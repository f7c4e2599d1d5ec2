/**
 * What Athar's embedded server adds to the Traccar wire, in attributes (the contract's models stay
 * Traccar's). A client shows these only when the server sends them: a Traccar server never does.
 */

/**
 * The server attribute holding how many days positions and events are kept (Traccar's
 * `database.historyDays`, removed in its 4.12). GET /api/server reports it to administrators,
 * 0 when unset (keep everything); a PUT takes a whole number of days from 0 to MAX_RETENTION_DAYS.
 */
export const RETENTION_DAYS = 'athar.retentionDays';

/** The longest retention that can be set: a hundred years (beyond it, 0 keeps everything). */
export const MAX_RETENTION_DAYS = 36_500;
