import { durationMinutes } from '@portal/contract/paradas';
import type { PlantaArco, PlantaNave } from '@portal/contract/planta';
import { factoryToday, startOfFactoryDay } from '@portal/contract/time';
import type { Db } from '../../db/index';
import * as repo from './repository';

// 'Arco 2' before 'Arco 10', the same on both engines whatever their collation.
const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

/**
 * The plant board: every station grouped by nave, stopped while any stop is active there (showing
 * the earliest), with today's stop minutes: finished stops dated today plus the part of each active
 * stop that falls within today.
 */
export async function plantaBoard(db: Db, tz: string, now: Date = new Date()): Promise<PlantaNave[]> {
  const today = factoryToday(tz, now);
  const dayStart = startOfFactoryDay(today, tz);
  const nowIso = now.toISOString();
  const [stations, active, finished] = await Promise.all([
    repo.listStations(db),
    repo.listActiveStops(db),
    repo.finishedMinutesOn(db, today),
  ]);

  const minutes = new Map<number, number>();
  for (const row of finished) minutes.set(row.arco_sumergido_id, Number(row.minutes ?? 0));
  const firstActive = new Map<number, (typeof active)[number]>();
  for (const stop of active) {
    if (!firstActive.has(stop.arco_sumergido_id)) firstActive.set(stop.arco_sumergido_id, stop);
    const from = new Date(Math.max(Date.parse(stop.start_time), Date.parse(dayStart))).toISOString();
    const running = Math.max(0, durationMinutes(from, nowIso));
    minutes.set(stop.arco_sumergido_id, (minutes.get(stop.arco_sumergido_id) ?? 0) + running);
  }

  const byNave = new Map<string, PlantaArco[]>();
  for (const station of stations) {
    const stop = firstActive.get(station.id);
    const arcos = byNave.get(station.nave) ?? [];
    arcos.push({
      id: station.id,
      name: station.name,
      status: stop ? 'stopped' : 'running',
      active_stop: stop ? { id: stop.id, user_name: stop.user_name, start_time: stop.start_time } : null,
      today_minutes: minutes.get(station.id) ?? 0,
    });
    byNave.set(station.nave, arcos);
  }
  return [...byNave.entries()]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([nave, arcos]) => ({ nave, arcos: arcos.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id) }));
}
