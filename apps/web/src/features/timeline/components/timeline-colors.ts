import type { TimelineKind } from '@portal/contract/timeline';

// Colours with at least 3:1 against white (WCAG 1.4.11); stopped bars take one per motivo.
export const KIND_COLORS: Record<TimelineKind, string> = {
  running: '#2e7d32',
  stopped: '#b02a37',
  micro: '#212529',
  planned: '#0b5ed7',
  no_signal: '#6c757d',
};

const MOTIVO_COLORS = ['#b02a37', '#a0522d', '#6f42c1', '#8a6d00', '#c2185b', '#5d4037', '#d63384', '#7b1fa2', '#bf360c', '#4a148c'];

export function barColor(kind: TimelineKind, motivoId: number | null): string {
  if (kind === 'stopped' && motivoId !== null) return MOTIVO_COLORS[motivoId % MOTIVO_COLORS.length];
  return KIND_COLORS[kind];
}

/** Weld telemetry's arc-on stretch, drawn inside 'En marcha': 3.4:1 against its green as drawn (WCAG 1.4.11). */
export const ARC_COLOR = '#fff0b3';
