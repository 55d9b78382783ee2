import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
