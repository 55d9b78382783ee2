import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection } from '@/lib/online';
import { SectionBoundary } from './section-boundary';

afterEach(cleanup);

describe('SectionBoundary', () => {
  it('shows Reintentar for a chunk that failed to load, and renders again when retried or back online', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Screen() {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
      return <p>Consultar Datos</p>;
    }
    render(
      <SectionBoundary>
        <Screen />
      </SectionBoundary>,
    );
    expect(screen.getByText('No se pudo cargar esta sección. Comprueba la conexión.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    fail = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('Consultar Datos')).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('a failed piece tells the connection there is none, and renders again once the server answers, with no online event', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    connection.reportAnswer(200);
    let fail = true;
    function Screen() {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module: /assets/y.js');
      return <p>Añadir Circular</p>;
    }
    render(
      <SectionBoundary>
        <Screen />
      </SectionBoundary>,
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(connection.isReachable()).toBe(false);
    fail = false;
    // What the next probe or answer reports (lib/online.ts).
    act(() => connection.reportAnswer(200));
    expect(screen.getByText('Añadir Circular')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
