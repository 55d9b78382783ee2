import { type Tramo, tramoMessages } from '@portal/contract/tramos';
import { formatPlainDate } from '@/lib/dates';

/** The fields of a circular as a definition list, shared by cards, results and the detail page. */
export function TramoDetails({ tramo, compact = false }: { tramo: Tramo; compact?: boolean }) {
  const rows: [string, string][] = [
    ['ID Tramo', tramo.id_tramo],
    ['ID Proyecto', tramo.id_proyecto],
    ['ID Circular', tramo.id_circular],
    ['Fecha', formatPlainDate(tramo.circular_fecha)],
    ['Nave', tramo.nave],
    ['Arco Sumergido', tramo.arco_sumergido_name],
    ['Usuario', tramo.user_name],
  ];
  if (!compact) rows.push(['Descripción', tramo.descripcion || tramoMessages.noDescription]);
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
