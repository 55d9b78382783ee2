/**
 * The local copy of the running stop (SPEC.md section 3: id, start_time, arco_sumergido_id). Only a
 * cache so the clock shows at once after a reload: GET /api/paradas-kaiser/active is the truth and
 * overwrites or clears it. It remembers whose stop it is so a shared device never shows another
 * worker's clock.
 */
export interface CachedActiveStop {
  id: number;
  start_time: string;
  arco_sumergido_id: number;
  user_id: number;
}

const KEY = 'activeParada';

export function readActiveCache(userId: number): CachedActiveStop | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as CachedActiveStop | null;
    if (!value || value.user_id !== userId || typeof value.id !== 'number' || Number.isNaN(Date.parse(value.start_time))) return null;
    return value;
  } catch {
    return null;
  }
}

export function writeActiveCache(stop: CachedActiveStop | null): void {
  try {
    if (stop) localStorage.setItem(KEY, JSON.stringify(stop));
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode or a full storage only loses the cache; the server still has the stop.
  }
}
