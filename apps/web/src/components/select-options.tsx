import type { ReactNode } from 'react';

/**
 * A select's options, one per value in the list's order: the value itself is the option's value and
 * key, and `label` its text (the value, when not given). Any first choice ("Todas", "-- Seleccionar --")
 * stays in the select, before these.
 */
export function ValueOptions<V extends string | number>({ values, label }: { values: readonly V[]; label?: (value: V) => ReactNode }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label ? label(value) : value}
    </option>
  ));
}

/** A select's options for listed records (shifts, naves, operators, motivos): the id as value, the name as text. */
export function NamedOptions({ items }: { items: readonly { id: number | string; name: string }[] | undefined }) {
  return items?.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}
