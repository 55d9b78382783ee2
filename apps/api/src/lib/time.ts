/** Current instant as stored in the database (ISO 8601, UTC). */
export const nowIso = (): string => new Date().toISOString();
