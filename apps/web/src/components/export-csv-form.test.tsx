import { exportMessages } from '@portal/contract/planta';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { attachmentName } from '@/lib/download';
import { currentMonthRange, ExportCsvForm } from './export-csv-form';

// The machine may be busy: wait longer than Testing Library's default second for the lists to load.
const slow = { timeout: 10_000 };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderForm(onExport = vi.fn(async () => undefined), busy = false, motivoColumns = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ExportCsvForm onExport={onExport} busy={busy} motivoColumns={motivoColumns} />
    </QueryClientProvider>,
  );
  return onExport;
}

describe('currentMonthRange', () => {
  it('spans the factory month, also across the year end and in February of a leap year', () => {
    expect(currentMonthRange('Europe/Madrid', new Date('2026-11-21T12:00:00Z'))).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect(currentMonthRange('Europe/Madrid', new Date('2026-12-31T23:30:00Z'))).toEqual({
      startDate: '2027-01-01',
      endDate: '2027-01-31',
    });
    expect(currentMonthRange('Europe/Madrid', new Date('2028-02-10T12:00:00Z'))).toEqual({
      startDate: '2028-02-01',
      endDate: '2028-02-29',
    });
  });
});

describe('attachmentName', () => {
  it("takes the server's file name, else the fallback", () => {
    expect(attachmentName('attachment; filename="paradas-kaiser_2026-11-01_2026-11-30.csv"', 'x.csv')).toBe(
      'paradas-kaiser_2026-11-01_2026-11-30.csv',
    );
    expect(attachmentName("attachment; filename*=UTF-8''paradas%20a%C3%B1o.csv", 'x.csv')).toBe('paradas año.csv');
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
  });
});

describe('ExportCsvForm', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/naves')
          return json(200, [
            { id: 1, name: 'Nave 1' },
            { id: 2, name: 'Nave 2' },
          ]);
        if (url.pathname === '/api/arcos-sumergidos' && url.searchParams.get('nave') === 'Nave 2')
          return json(200, [{ id: 9, name: 'Arco Nueve' }]);
        if (url.pathname === '/api/config') return json(200, { factoryTz: 'Europe/Madrid' });
        return json(404, { message: 'Ruta no encontrada.' });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('defaults to the current month and sends the range with the chosen nave and arco', async () => {
    const onExport = renderForm();
    const { startDate, endDate } = currentMonthRange('Europe/Madrid');
    expect(screen.getByLabelText('Desde')).toHaveProperty('value', startDate);
    expect(screen.getByLabelText('Hasta')).toHaveProperty('value', endDate);
    expect(screen.getByLabelText('Arco sumergido')).toHaveProperty('disabled', true);
    await screen.findByRole('option', { name: 'Nave 2' }, slow);
    fireEvent.change(screen.getByLabelText('Nave'), { target: { value: 'Nave 2' } });
    await screen.findByRole('option', { name: 'Arco Nueve' }, slow);
    fireEvent.change(screen.getByLabelText('Arco sumergido'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(1), slow);
    expect(onExport.mock.calls[0]).toMatchObject([{ startDate, endDate, nave: 'Nave 2', arco_sumergido_id: 9 }]);
  });

  it('refuses a missing date or a range in the wrong order with the Spanish messages', async () => {
    const onExport = renderForm();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('Indica la fecha de inicio y la de fin.');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-05-10' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toBe('La fecha de inicio debe ser anterior o igual a la de fin.'),
      slow,
    );
    expect(onExport).not.toHaveBeenCalled();
  });

  it("shows the server's message, or the fallback when there is none", async () => {
    const onExport = vi.fn().mockRejectedValueOnce(new ApiError(403, 'Acceso denegado.')).mockRejectedValueOnce(new ApiError(0, undefined));
    renderForm(onExport);
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('Acceso denegado.');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Fallo al exportar CSV'), slow);
  });

  it('offers the motivo and andon columns only where asked, and sends the ticked sets', async () => {
    renderForm();
    expect(screen.queryByLabelText('Incluir el motivo y los minutos del arco')).toBeNull();
    cleanup();
    const onExport = renderForm(undefined, false, true);
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(1), slow);
    expect(onExport.mock.calls[0]).toMatchObject([{ columns: [] }]);
    fireEvent.click(screen.getByLabelText('Incluir el motivo y los minutos del arco'));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(2), slow);
    expect(onExport.mock.calls[1]).toMatchObject([{ columns: ['motivo'] }]);
    // The andon's times go beside them, in the contract's order.
    fireEvent.click(screen.getByLabelText('Incluir los tiempos de aviso'));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(3), slow);
    expect(onExport.mock.calls[2]).toMatchObject([{ columns: ['motivo', 'andon'] }]);
    expect(onExport.mock.calls[2]).not.toMatchObject([{ by: 'shift' }]);
    // 'Por turno': a row per stop and shift part.
    fireEvent.click(screen.getByLabelText(exportMessages.byShift));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(4), slow);
    expect(onExport.mock.calls[3]).toMatchObject([{ columns: ['motivo', 'andon'], by: 'shift' }]);
  });

  it('reads Exportando... and is disabled while busy', () => {
    renderForm(undefined, true);
    expect(screen.getByRole('button', { name: 'Exportando...' })).toHaveProperty('disabled', true);
  });
});
