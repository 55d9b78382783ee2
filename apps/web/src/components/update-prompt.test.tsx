import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerUpdate } from '@/lib/pwa-state';
import { UpdatePrompt } from './update-prompt';

afterEach(cleanup);

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits, then applies it only on Actualizar', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByText('Nueva versión disponible')).toBeNull();
    const apply = vi.fn();
    act(() => offerUpdate(apply));
    expect(screen.getByText('Nueva versión disponible')).toBeTruthy();
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(apply).toHaveBeenCalledOnce();
  });
});
