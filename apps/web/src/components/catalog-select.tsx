import type { ReactNode, Ref } from 'react';
import FormGroup from 'react-bootstrap/FormGroup';
import FormLabel from 'react-bootstrap/FormLabel';
import type { FormSelectProps } from 'react-bootstrap/FormSelect';
import FormSelect from 'react-bootstrap/FormSelect';

/** A nave or an arco as a select lists it. */
export interface CatalogItem {
  id: number;
  name: string;
}

/**
 * The one nave or arco select: its label, then a first choice (`first`: "-- Seleccionar Nave --",
 * "Todas", or none) and one option per item. A nave is chosen by its name, an arco by its id
 * (`by`). `children` go under the select (a hint). Everything else is the select's own props (the
 * react-hook-form registration, `value`/`onChange`, `disabled`, the ARIA of an invalid field).
 */
export function CatalogSelect({
  id,
  label,
  labelClassName,
  className,
  by,
  items,
  first,
  pending,
  children,
  ...select
}: {
  id: string;
  label: ReactNode;
  labelClassName?: string;
  className?: string;
  by: 'name' | 'id';
  items: readonly CatalogItem[] | undefined;
  first?: string;
  /** Shown instead of the select while the items load, when given. */
  pending?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
} & Omit<FormSelectProps, 'id' | 'children' | 'className'>) {
  return (
    <FormGroup className={className} controlId={id}>
      <FormLabel className={labelClassName}>{label}</FormLabel>
      {pending ?? (
        <FormSelect {...select}>
          {first !== undefined && <option value="">{first}</option>}
          {items?.map((item) => (
            <option key={item.id} value={by === 'name' ? item.name : String(item.id)}>
              {item.name}
            </option>
          ))}
        </FormSelect>
      )}
      {children}
    </FormGroup>
  );
}
