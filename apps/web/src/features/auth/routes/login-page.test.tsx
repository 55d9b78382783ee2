import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './login-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('LoginPage arco list', () => {
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
        if (url.pathname === '/api/arcos-sumergidos') {
          if (url.searchParams.get('nave') === 'Nave 1') return json(200, [{ id: 7, name: 'Arco Siete' }]);
          return json(500, { message: 'Error interno del servidor.' });
        }
        return json(404, { message: 'Ruta no encontrada.' });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps the arco select disabled until a nave is chosen, then lists the arcos of that nave', async () => {
    renderPage();
    const arco = screen.getByLabelText('Seleccionar Arco Sumergido');
    expect(arco).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(optionLabels(screen.getByLabelText('Seleccionar Nave'))).toEqual(['-- Seleccionar Nave --', 'Nave 1', 'Nave 2']),
    );

    fireEvent.change(screen.getByLabelText('Seleccionar Nave'), { target: { value: 'Nave 1' } });
    await waitFor(() => expect(optionLabels(arco)).toEqual(['-- Seleccionar Arco Sumergido --', 'Arco Siete']));
    expect(arco).toHaveProperty('disabled', false);
    fireEvent.change(arco, { target: { value: '7' } });
    expect(arco).toHaveProperty('value', '7');
  });

  it('a failing arco list is only logged: the list empties and the chosen arco is cleared', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    const nave = screen.getByLabelText('Seleccionar Nave');
    const arco = screen.getByLabelText('Seleccionar Arco Sumergido');
    await waitFor(() => expect(optionLabels(nave)).toContain('Nave 2'));
    fireEvent.change(nave, { target: { value: 'Nave 1' } });
    await waitFor(() => expect(optionLabels(arco)).toContain('Arco Siete'));
    fireEvent.change(arco, { target: { value: '7' } });

    fireEvent.change(nave, { target: { value: 'Nave 2' } });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(optionLabels(arco)).toEqual(['-- Seleccionar Arco Sumergido --']);
    expect(arco).toHaveProperty('value', '');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
