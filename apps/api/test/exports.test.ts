import { exportMessages } from '@portal/contract/planta';
import type { Insertable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ParadasKaiserTable } from '../src/db/types';
import { EXPORT_BATCH } from '../src/modules/exports/service';
import { bearer, pgUnavailable, type TestArco, useSeed, useTestApp } from './helper';

const STOPS_URL = '/api/admin/export/paradas-kaiser.csv';
const TRAMOS_URL = '/api/admin/export/tramos.csv';
const STOPS_HEADER = 'Fecha;Nave;Arco sumergido;Trabajador;ID de Trabajador;Inicio;Fin;Duración (min);Descripción';
const TRAMOS_HEADER = 'Fecha circular;ID Tramo;ID Proyecto;ID Circular;Nave;Arco sumergido;Trabajador;Descripción;Imagen';

/** Splits a CSV body into records, honouring quoted line breaks (RFC 4180). */
function records(body: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === '\r' && body[i + 1] === '\n') {
      out.push(current);
      current = '';
      i++;
      continue;
    }
    current += ch;
  }
  expect(current).toBe(''); // The file ends with a line break.
  return out;
}

describe.skipIf(pgUnavailable)('CSV exports', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { norte: ['Arco Norte', 'Nave 1'], sur: ['Arco Sur; 2', 'Nave 2'] },
    workers: { ana: ['norte', 'Ana "La Jefa"'], gone: ['sur', 'Borrado'] },
  });

  /** A stop written straight to the table, stamped at its start. */
  const stop = (values: Omit<Insertable<ParadasKaiserTable>, 'created_at' | 'updated_at'>) =>
    t.db
      .insertInto('paradas_kaiser')
      .values({ ...values, created_at: values.start_time, updated_at: values.start_time })
      .execute();

  const get = (url: string, token = seed.admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    // The spring change (last Sunday of March 2026): 01:30 winter time to 03:30 summer time is one hour.
    await stop({
      user_id: seed.ana.id,
      arco_sumergido_id: seed.norte.id,
      date: '2026-03-29',
      start_time: '2026-03-29T00:30:00.000Z',
      end_time: '2026-03-29T01:30:00.000Z',
      duration_minutes: 60,
      description: 'Cambio de hora; primavera',
    });
    // The autumn change (last Sunday of October 2026): 02:30 summer time, then 02:30 winter time.
    await stop({
      user_id: seed.ana.id,
      arco_sumergido_id: seed.norte.id,
      date: '2026-10-25',
      start_time: '2026-10-25T00:30:00.000Z',
      end_time: '2026-10-25T01:30:00.000Z',
      duration_minutes: 60,
      description: '=HYPERLINK("http://malo")',
    });
    await stop({
      user_id: seed.gone.id,
      arco_sumergido_id: seed.sur.id,
      date: '2026-06-15',
      start_time: '2026-06-15T06:00:00.000Z',
      end_time: '2026-06-15T06:45:00.000Z',
      duration_minutes: 45,
      description: 'línea 1\nlínea 2',
    });
    // Still going: no end, no duration.
    await stop({
      user_id: seed.ana.id,
      arco_sumergido_id: seed.norte.id,
      date: '2026-07-01',
      start_time: '2026-07-01T08:00:00.000Z',
      end_time: null,
      duration_minutes: null,
      description: null,
    });
    // Just outside the range on both ends.
    for (const [date, at] of [
      ['2026-03-28', '2026-03-28T12:00:00.000Z'],
      ['2026-10-26', '2026-10-26T12:00:00.000Z'],
    ]) {
      await stop({
        user_id: seed.ana.id,
        arco_sumergido_id: seed.norte.id,
        date,
        start_time: at,
        end_time: at,
        duration_minutes: 0,
        description: 'fuera',
      });
    }
    const del = await t.send(seed.admin, 'DELETE', `/api/admin/users/${seed.gone.id}`);
    expect(del.statusCode).toBe(200);

    const nave = (name: string) => t.db.selectFrom('naves').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    const tramo = async (values: {
      circular_fecha: string;
      station: TestArco;
      id_tramo: string;
      descripcion: string | null;
      imagen: string | null;
    }) =>
      t.db
        .insertInto('tramos')
        .values({
          id_tramo: values.id_tramo,
          id_proyecto: 'PRJ-1',
          id_circular: 'CIR-1',
          circular_fecha: values.circular_fecha,
          descripcion: values.descripcion,
          imagen: values.imagen,
          imagen_thumb: null,
          nave_id: (await nave(values.station.nave)).id,
          arco_sumergido_id: values.station.id,
          user_id: seed.ana.id,
          created_at: '2026-05-01T10:00:00.000Z',
          updated_at: '2026-05-01T10:00:00.000Z',
        })
        .execute();
    await tramo({ circular_fecha: '2026-05-02', station: seed.sur, id_tramo: '+TR-2', descripcion: null, imagen: null });
    await tramo({
      circular_fecha: '2026-05-01',
      station: seed.norte,
      id_tramo: 'TR-1',
      descripcion: 'Con "comillas"',
      imagen: '/uploads/abc.webp',
    });
    await tramo({ circular_fecha: '2026-07-01', station: seed.norte, id_tramo: 'TR-3', descripcion: 'fuera', imagen: null });
  });

  it('exports stops as Spanish Excel reads them: BOM, `;`, CRLF, quoting, local times across DST, formula guard', async () => {
    const res = await get(`${STOPS_URL}?startDate=2026-03-29&endDate=2026-10-25`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="paradas-kaiser_2026-03-29_2026-10-25.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith(`\uFEFF${STOPS_HEADER}\r\n`)).toBe(true);
    expect(body.replaceAll('\r\n', '').includes('\r')).toBe(false);
    expect(records(body.slice(1))).toEqual([
      STOPS_HEADER,
      `29/03/2026;Nave 1;Arco Norte;"Ana ""La Jefa""";${seed.ana.worker_id};29/03/2026 01:30;29/03/2026 03:30;60;"Cambio de hora; primavera"`,
      `15/06/2026;Nave 2;"Arco Sur; 2";Usuario eliminado;;15/06/2026 08:00;15/06/2026 08:45;45;"línea 1\nlínea 2"`,
      `01/07/2026;Nave 1;Arco Norte;"Ana ""La Jefa""";${seed.ana.worker_id};01/07/2026 10:00;;;`,
      `25/10/2026;Nave 1;Arco Norte;"Ana ""La Jefa""";${seed.ana.worker_id};25/10/2026 02:30;25/10/2026 02:30;60;"'=HYPERLINK(""http://malo"")"`,
    ]);
  });

  it('filters stops by nave and by station', async () => {
    const range = 'startDate=2026-01-01&endDate=2026-12-31';
    const byNave = records((await get(`${STOPS_URL}?${range}&nave=${encodeURIComponent('Nave 2')}`)).body.slice(1));
    expect(byNave.slice(1).map((r) => r.slice(0, 10))).toEqual(['15/06/2026']);
    const byStation = records((await get(`${STOPS_URL}?${range}&arco_sumergido_id=${seed.norte.id}`)).body.slice(1));
    expect(byStation.slice(1).map((r) => r.slice(0, 10))).toEqual(['28/03/2026', '29/03/2026', '01/07/2026', '25/10/2026', '26/10/2026']);
    const both = records(
      (await get(`${STOPS_URL}?${range}&nave=${encodeURIComponent('Nave 2')}&arco_sumergido_id=${seed.norte.id}`)).body.slice(1),
    );
    expect(both).toEqual([STOPS_HEADER]);
  });

  it('exports circulares with image links and the same filters', async () => {
    const res = await get(`${TRAMOS_URL}?startDate=2026-05-01&endDate=2026-05-31`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="tramos_2026-05-01_2026-05-31.csv"');
    const rows = records(res.body.slice(1));
    expect(rows[0]).toBe(TRAMOS_HEADER);
    expect(rows[1]).toMatch(
      /^01\/05\/2026;TR-1;PRJ-1;CIR-1;Nave 1;Arco Norte;"Ana ""La Jefa""";"Con ""comillas""";http:\/\/[^;]+\/uploads\/abc\.webp$/,
    );
    expect(rows[2]).toBe(`02/05/2026;'+TR-2;PRJ-1;CIR-1;Nave 2;"Arco Sur; 2";"Ana ""La Jefa""";;`);
    expect(rows).toHaveLength(3);
    const sur2 = records(
      (await get(`${TRAMOS_URL}?startDate=2026-05-01&endDate=2026-05-31&arco_sumergido_id=${seed.sur.id}`)).body.slice(1),
    );
    expect(sur2.slice(1).map((r) => r.slice(0, 10))).toEqual(['02/05/2026']);
  });

  it('answers 400 with a Spanish message for a missing, malformed or reversed range', async () => {
    for (const url of [STOPS_URL, TRAMOS_URL]) {
      expect((await get(url)).json()).toEqual({ message: exportMessages.rangeRequired });
      expect((await get(`${url}?startDate=2026-01-01`)).json()).toEqual({ message: exportMessages.rangeRequired });
      expect((await get(`${url}?startDate=2026-01-01&endDate=`)).json()).toEqual({ message: exportMessages.rangeRequired });
      const reversed = await get(`${url}?startDate=2026-02-01&endDate=2026-01-31`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({ message: exportMessages.rangeOrder });
      const malformed = await get(`${url}?startDate=01/02/2026&endDate=2026-01-31`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'La fecha debe tener el formato AAAA-MM-DD.' });
      const badStation = await get(`${url}?startDate=2026-01-01&endDate=2026-01-31&arco_sumergido_id=-3`);
      expect(badStation.statusCode).toBe(400);
      expect(badStation.json()).toEqual({ message: 'Identificador inválido.' });
    }
  });

  it('is for administrators only', async () => {
    const worker = await t.createWorker(seed.norte);
    for (const url of [STOPS_URL, TRAMOS_URL]) {
      const res = await get(`${url}?startDate=2026-01-01&endDate=2026-12-31`, worker.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Acceso denegado. No tienes permisos de administrador.' });
      expect((await t.app.inject({ method: 'GET', url: `${url}?startDate=2026-01-01&endDate=2026-12-31` })).statusCode).toBe(401);
    }
  });

  it('pages through more rows than one batch, each row once and in order, ties included', async () => {
    const station = await t.createArco('Arco Lotes', 'Nave 1');
    const total = EXPORT_BATCH * 2 + 345;
    const rows = Array.from({ length: total }, (_, i) => {
      // Groups of three stops share their start instant, so batches end inside a tie.
      const at = new Date(Date.UTC(2027, 0, 1, 8) + Math.floor(i / 3) * 60_000).toISOString();
      return {
        user_id: seed.ana.id,
        arco_sumergido_id: station.id,
        date: at.slice(0, 10),
        start_time: at,
        end_time: at,
        duration_minutes: 0,
        description: `n${i}`,
        created_at: at,
        updated_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('paradas_kaiser')
        .values(rows.slice(i, i + 500))
        .execute();
    const res = await get(`${STOPS_URL}?startDate=2027-01-01&endDate=2027-01-31&arco_sumergido_id=${station.id}`);
    expect(res.statusCode).toBe(200);
    const lines = records(res.body.slice(1)).slice(1);
    expect(lines.map((l) => l.split(';')[8])).toEqual(rows.map((r) => r.description));
  });
});
