/** Builds the multipart body of the tramo calls: text fields plus the optional file `imagen`. */
export function tramoFormData(fields: Record<string, string | number | null | undefined>, imagen?: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) form.append(key, String(value));
  if (imagen) form.append('imagen', imagen);
  return form;
}
