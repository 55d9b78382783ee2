/** A user's name in a top bar: cut with an ellipsis so the bar fits a 360 px phone. */
export function TruncatedName({ name }: { name: string }) {
  return (
    <span className="d-inline-block text-truncate align-bottom" style={{ maxWidth: '6rem' }} title={name}>
      {name}
    </span>
  );
}
