import { describe, expect, it } from 'vitest';
import { instantMs } from '../src/lib/time';

// The statistics by shift and the stops CSV read tens of thousands of stored instants per answer by
// their digits (docs/decisions/054-shift-analysis-and-export-at-scale.md): the same milliseconds as
// Date.parse, whatever the instant.
describe('instantMs', () => {
  it('reads a stored instant as Date.parse does', () => {
    const edges = [
      '1970-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '1900-02-28T12:00:00.000Z',
      '2000-02-29T23:59:59.999Z',
      '2024-02-29T00:00:00.000Z',
      '2025-03-30T01:00:00.000Z',
      '2025-10-26T00:59:59.999Z',
      '2100-03-01T00:00:00.000Z',
      '0154-12-31T23:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ];
    const random = Array.from({ length: 5000 }, (_, i) => new Date(-2e12 + i * 1_000_003_337 + (i % 7) * 86_399_999).toISOString());
    for (const iso of [...edges, ...random]) expect(instantMs(iso), iso).toBe(Date.parse(iso));
  });

  it('takes any other form through Date.parse', () => {
    for (const iso of ['2025-03-03T12:30:00Z', '2025-03-03T13:30:00+01:00', '2025-03-03', '2025-13-03T12:30:00.000Z', 'ayer', '']) {
      expect(Number.isNaN(instantMs(iso)) ? 'NaN' : instantMs(iso), iso).toBe(Number.isNaN(Date.parse(iso)) ? 'NaN' : Date.parse(iso));
    }
  });
});
