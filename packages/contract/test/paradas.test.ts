import { describe, expect, it } from 'vitest';
import { durationMinutes, paradaMessages, paradaTimesBody, paradaTimesForm } from '../src/paradas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('paradas contract', () => {
  it('rounds durations to the nearest whole minute from the instants', () => {
    expect(durationMinutes('2026-11-10T08:00:00Z', '2026-11-10T08:00:29Z')).toBe(0);
    expect(durationMinutes('2026-11-10T08:00:00Z', '2026-11-10T08:00:30Z')).toBe(1);
    expect(durationMinutes('2026-10-25T01:30:00+02:00', '2026-10-25T03:30:00+01:00')).toBe(180);
  });

  it('gives the required, order and length texts for missing times, reversed times and a long description', () => {
    expect(firstMessage(paradaTimesBody.safeParse({ end_time: '2026-11-10T08:00:00Z' }))).toBe(paradaMessages.timesRequired);
    expect(firstMessage(paradaTimesBody.safeParse({ start_time: '2026-11-10T09:00:00Z', end_time: '2026-11-10T08:00:00Z' }))).toBe(
      paradaMessages.startBeforeEnd,
    );
    expect(
      firstMessage(
        paradaTimesBody.safeParse({ start_time: '2026-11-10T07:00:00Z', end_time: '2026-11-10T08:00:00Z', description: 'a'.repeat(501) }),
      ),
    ).toBe(paradaMessages.descriptionMax);
    expect(firstMessage(paradaTimesForm.safeParse({ start: '', end: '09:00', description: '' }))).toBe(paradaMessages.timesRequired);
    expect(paradaTimesForm.safeParse({ start: '08:00', end: '09:00', description: '' }).success).toBe(true);
  });
});
