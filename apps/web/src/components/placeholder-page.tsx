/** Stands in for a screen whose issue has not landed yet; navigation to it works. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div>
      <h1 className="h4">{title}</h1>
      <p className="text-muted">Esta sección estará disponible próximamente.</p>
    </div>
  );
}
