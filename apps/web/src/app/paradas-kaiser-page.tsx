import { AndonCord } from '@/features/andon/components/andon-cord';
import ParadasKaiserPage from '@/features/paradas/routes/paradas-kaiser-page';

/** /dashboard/paradas-kaiser: the worker's stops screen with the andon's cord. */
export default function ParadasKaiserRoute() {
  return <ParadasKaiserPage AndonCord={AndonCord} />;
}
