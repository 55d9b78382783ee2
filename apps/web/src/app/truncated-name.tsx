/** A user's name in a top bar: cut with an ellipsis only as far as the bar needs (styles.css, .truncated-name). */
export function TruncatedName({ name }: { name: string }) {
  return (
    <span className="d-inline-block text-truncate align-bottom truncated-name" title={name}>
      {name}
    </span>
  );
}
