/**
 * The local copy of the running parada (its id, start_time and arco_sumergido_id). Only a
 * cache so the clock shows at once after a reload: GET /api/paradas-kaiser/active is the truth and
 * overwrites or clears it. It remembers whose parada it is so a shared device never shows another
 * worker's clock.
 */
export interface CachedActiveParada {
  id: number;
  start_time: string;
  arco_sumergido_id: number;
  user_id: number;
}

const KEY = 'activeParada';

export function readActiveCache(userId: number): CachedActiveParada | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as CachedActiveParada | null;
    if (!value || value.user_id !== userId || typeof value.id !== 'number' || Number.isNaN(Date.parse(value.start_time))) return null;
    return value;
  } catch {
    return null;
  }
}

export function writeActiveCache(parada: CachedActiveParada | null): void {
  try {
    if (parada) localStorage.setItem(KEY, JSON.stringify(parada));
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode or a full storage only loses the cache; the server still has the parada.
  }
}
