import { shiftMessages } from '@portal/contract/shifts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import type { RunChange } from '../api/change-calendar';
import { emptyShift, ShiftForm } from './shift-form';

// The machine may be busy: wait longer than Testing Library's default second.
const slow = { timeout: 10_000 };
const TODAY = '2026-11-28';

function renderForm(run: RunChange) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ShiftForm initial={emptyShift(TODAY)} run={run} pending={false} today={TODAY} />
    </QueryClientProvider>,
  );
  return screen.getByRole('form', { name: shiftMessages.add });
}

describe('ShiftForm', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([{ id: 3, name: 'Nave 3' }]), { headers: { 'Content-Type': 'application/json' } })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("refuses with the contract's Spanish messages before anything is sent, in the fields' order", async () => {
    const run = vi.fn<RunChange>();
    const form = renderForm(run);
    fireEvent.click(within(form).getByRole('button', { name: shiftMessages.add }));
    expect((await within(form).findByRole('alert', undefined, slow)).textContent).toBe(shiftMessages.nameRequired);
    expect(within(form).getByLabelText(shiftMessages.name).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(form).getByLabelText(shiftMessages.name), { target: { value: 'Mañana corta' } });
    fireEvent.change(within(form).getByLabelText(shiftMessages.end, { exact: true }), { target: { value: '06:00' } });
    fireEvent.click(within(form).getByRole('button', { name: shiftMessages.add }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(shiftMessages.sameStartEnd), slow);

    fireEvent.change(within(form).getByLabelText(shiftMessages.end, { exact: true }), { target: { value: '14:00' } });
    fireEvent.click(within(form).getByRole('button', { name: shiftMessages.addBreak }));
    fireEvent.change(within(form).getByLabelText(shiftMessages.breakStart), { target: { value: '15:00' } });
    fireEvent.change(within(form).getByLabelText(shiftMessages.breakEnd), { target: { value: '15:30' } });
    fireEvent.click(within(form).getByRole('button', { name: shiftMessages.add }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(shiftMessages.breakOutside), slow);
    expect(run).not.toHaveBeenCalled();
  });

  it("sends the schema's body, shows the server's refusal in the form, and empties itself once saved", async () => {
    const run = vi.fn<RunChange>();
    const form = renderForm(run);
    fireEvent.change(within(form).getByLabelText(shiftMessages.name), { target: { value: '  Refuerzo ' } });
    fireEvent.click(within(form).getByLabelText('Sábado'));
    await within(form).findByRole('option', { name: 'Nave 3' }, slow);
    fireEvent.change(within(form).getByLabelText(shiftMessages.nave), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: shiftMessages.add }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1), slow);
    const [change, done, failed] = run.mock.calls[0];
    expect(change).toEqual({
      kind: 'save',
      id: undefined,
      body: { name: 'Refuerzo', start: '06:00', end: '14:00', weekdays: [1, 2, 3, 4, 5], breaks: [], nave_id: 3, effective_from: TODAY },
    });

    act(() => failed?.(new ApiError(409, shiftMessages.shiftOverlap('Mañana'))));
    expect((await within(form).findByRole('alert', undefined, slow)).textContent).toBe(shiftMessages.shiftOverlap('Mañana'));
    act(() => done?.());
    await waitFor(() => expect(within(form).getByLabelText(shiftMessages.name)).toHaveProperty('value', ''), slow);
  });
});
