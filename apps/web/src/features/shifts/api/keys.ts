/** The calendar's query key: the admin screen's one list (shifts and closed days). */
export const shiftKeys = { all: ['shifts'] as const, calendar: ['shifts', 'calendar'] as const };
