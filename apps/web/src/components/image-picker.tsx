import { useEffect, useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { needsShrinking, shrinkImage } from '@/lib/shrink-image';

/** Shown while a large photo is being shrunk in the browser (the product gives no text for it). */
export const PREPARING_IMAGE = 'Preparando la imagen...';

/**
 * An optional image chooser (image files only) with a preview. The parent owns the File; passing
 * `file={null}` clears the input too (after a successful post, say).
 *
 * A large photo is handed to `onChange` at once as chosen, then replaced by its shrunk copy
 * (lib/shrinkImage) when that is ready, so a form sent in between still carries the photo, and a
 * form that has moved on (cleared, or another file chosen) is left alone.
 */
export function ImagePicker({
  label = 'Imagen (opcional)',
  file,
  onChange,
  existingUrl,
  previewMaxWidth = 400,
  previewMinWidth = 100,
  disabled,
  capture = false,
}: {
  label?: string;
  /** Opens the device's (rear) camera where there is one: the station terminal's photo. */
  capture?: boolean;
  file: File | null;
  onChange: (file: File | null) => void;
  existingUrl?: string;
  previewMaxWidth?: number;
  previewMinWidth?: number;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(0);
  const current = useRef(file);
  current.current = file;

  useEffect(() => {
    if (!file) {
      setPreview(null);
      if (input.current) input.current.value = '';
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? existingUrl;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture={capture ? 'environment' : undefined}
        disabled={disabled}
        onChange={(e) => {
          const chosen = (e.target as HTMLInputElement).files?.[0] ?? null;
          const picked = chosen?.type.startsWith('image/') ? chosen : null;
          current.current = picked;
          onChange(picked);
          if (!picked || !needsShrinking(picked)) return;
          setPreparing((n) => n + 1);
          void shrinkImage(picked)
            .then((small) => {
              if (small !== picked && current.current === picked) onChange(small);
            })
            .finally(() => setPreparing((n) => n - 1));
        }}
      />
      {preparing > 0 && (
        <Form.Text className="d-block" role="status">
          {PREPARING_IMAGE}
        </Form.Text>
      )}
      {shown && (
        <img
          src={shown}
          alt="Vista previa de la imagen"
          className="img-thumbnail mt-2 d-block"
          style={{ maxWidth: previewMaxWidth, minWidth: previewMinWidth, width: '100%', height: 'auto' }}
        />
      )}
    </Form.Group>
  );
}
