import { useEffect, useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';

/**
 * An optional image chooser (image files only) with a preview. The parent owns the File; passing
 * `file={null}` clears the input too (after a successful post, say).
 */
export function ImagePicker({
  label = 'Imagen (opcional)',
  file,
  onChange,
  existingUrl,
  previewMaxWidth = 400,
  previewMinWidth = 100,
  disabled,
}: {
  label?: string;
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
        disabled={disabled}
        onChange={(e) => {
          const chosen = (e.target as HTMLInputElement).files?.[0] ?? null;
          onChange(chosen?.type.startsWith('image/') ? chosen : null);
        }}
      />
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
