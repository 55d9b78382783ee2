import { lazy } from 'react';
import { AndonCord } from '@/features/andon/components/andon-cord';
import { TerminalParada } from '@/features/paradas/components/terminal-parada';
import { TerminalPage, type TerminalParts } from '@/features/terminal/routes/terminal-page';
import type { CircularExtra } from '@/features/tramos/components/terminal-add-circular';
import { TerminalCirculares } from '@/features/tramos/components/terminal-circulares';

// The circular's consumable lots, loaded with its form (docs/decisions/078-terminal-lot-scan.md).
const weldLots: CircularExtra = { load: () => import('@/features/welds/components/terminal-weld-trace') };

const parts: TerminalParts = {
  Parada: TerminalParada,
  AndonCord,
  Circulares: (props) => <TerminalCirculares {...props} extra={weldLots} />,
  // The handover loads with the first worker who acts: the home's first screen does not carry its form.
  Handover: lazy(() => import('@/features/handovers/components/terminal-handover')),
  // The welding pass, loaded as the handover is (docs/decisions/085-telemetry-screens.md).
  Weld: lazy(() => import('@/features/telemetry/components/terminal-weld')),
};

/** /terminal: the station terminal (features/terminal) with the other features' pieces its home shows. */
export default function TerminalRoute() {
  return <TerminalPage parts={parts} />;
}
