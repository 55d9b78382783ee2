import { Suspense, useState } from 'react';
import { lazyComponent } from '@/lib/lazy-component';

// The dialog (react-bootstrap's Modal) loads when a photo is first opened, not with the wall's first paint.
const PhotoDialog = lazyComponent<{ show: boolean; src: string; alt: string; title: string; onHide: () => void }>(
  () => import('./photo-dialog'),
);
const preload = () => void PhotoDialog.preload().catch(() => undefined);

/**
 * A photo shown whole in its `size` px box (`object-fit: contain`: text in a photo is never cut), as a
 * button that opens the full photo in a full-screen dialog; closing it puts focus back on the button
 * (react-bootstrap's Modal restores it). A new tab was neither announced nor easy to leave on a phone.
 */
export function PhotoViewer({
  thumb,
  full,
  alt,
  size,
  title,
  priority = false,
  className = '',
}: {
  /** The URLs as imageUrl() gives them (undefined for no path: nothing is shown). */
  thumb: string | undefined;
  full: string | undefined;
  alt: string;
  size: number;
  /** The dialog's title, e.g. 'Imagen publicada por Ana'. */
  title: string;
  priority?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (!thumb || !full) return null;
  return (
    <>
      <button
        type="button"
        className={`photo-button ${className}`}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <img
          src={thumb}
          alt={alt}
          width={size}
          height={size}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          className="rounded border photo-whole"
        />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <PhotoDialog show={open} src={full} alt={alt} title={title} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
