import type { Tramo } from '@portal/contract/tramos';
import { tramoMessages } from '@portal/contract/tramos-messages';
import { imageUrl } from '@/lib/api';

/** A list thumbnail: the small re-encoded copy, lazily loaded, with a fixed box so the grid does not jump. */
export function TramoThumb({ tramo, size = 100 }: { tramo: Tramo; size?: number }) {
  const src = imageUrl(tramo.imagen_thumb ?? tramo.imagen);
  if (!src) {
    return (
      <div
        className="bg-light border rounded d-flex align-items-center justify-content-center text-muted small flex-shrink-0"
        style={{ width: size, height: size }}
      >
        {tramoMessages.noImage}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={tramoMessages.imageAlt(tramo.id_tramo)}
      width={size}
      height={size}
      loading="lazy"
      className="rounded border flex-shrink-0 photo-whole"
    />
  );
}
