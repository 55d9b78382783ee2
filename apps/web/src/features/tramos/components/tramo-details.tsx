import { type Tramo, tramoMessages, tramoScreenTexts } from '@portal/contract/tramos';
import { formatPlainDate } from '@/lib/dates';

/** The fields of a circular as a definition list, shared by cards, results and the detail page. */
export function TramoDetails({ tramo, compact = false }: { tramo: Tramo; compact?: boolean }) {
  const rows: [string, string][] = [
    [tramoScreenTexts.idTramoLabel, tramo.id_tramo],
    [tramoScreenTexts.idProyectoLabel, tramo.id_proyecto],
    [tramoScreenTexts.idCircularLabel, tramo.id_circular],
    [tramoScreenTexts.dateLabel, formatPlainDate(tramo.circular_fecha)],
    [tramoScreenTexts.naveLabel, tramo.nave],
    [tramoScreenTexts.arcoLabel, tramo.arco_sumergido_name],
    [tramoScreenTexts.userLabel, tramo.user_name],
  ];
  if (!compact) rows.push([tramoScreenTexts.descripcionLabel, tramo.descripcion || tramoMessages.noDescription]);
  return (
    <dl className="tramo-fields mb-0 small">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="fw-semibold text-nowrap">{label}:</dt>
          <dd className="mb-1">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
