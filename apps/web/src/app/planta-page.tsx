import { AndonLine } from '@/features/andon/components/andon-line';
import PlantaPage from '@/features/planta/routes/planta-page';

/** 'Estado de planta' with the andon's line on each arco's card. */
export default function PlantaRoute() {
  return <PlantaPage AndonLine={AndonLine} />;
}
