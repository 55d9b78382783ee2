import { zodResolver } from '@hookform/resolvers/zod';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { type TramoAddForm, type TramoMessageResponse, tramoAddForm, tramoMessages } from '@portal/contract/tramos';
import { type ComponentType, lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner, type BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { ImagePicker } from '@/components/image-picker';
import { errorText } from '@/lib/api';
import { firstError } from '@/lib/first-error';
import type { Outcome } from '@/lib/offline-queue';
import { useCreateTramo } from '../api/create-tramo';
import { TramoFields } from './tramo-fields';

const order = ['id_tramo', 'id_proyecto', 'id_circular', 'descripcion'] as const;

/**
 * What another area adds to the form, composed by app/terminal-page.tsx and loaded with the form: the
 * weld records' lots (docs/decisions/078-terminal-lot-scan.md). `afterCircular` runs once it is saved or queued.
 */
export interface CircularExtra {
  load: () => Promise<{
    TerminalCircularExtra: ComponentType<{ arcoId: number; onChange: (value: unknown) => void }>;
    afterCircular: (value: unknown, outcome: Outcome<TramoMessageResponse>, arcoId: number) => Promise<void>;
  }>;
}

/** 'Añadir circular' on the terminal: the circular form at the terminal's arco, the photo from the tablet's camera. */
export default function TerminalAddCircular({
  arcoId,
  onDone,
  extra,
}: {
  arcoId: number;
  onDone: (added: boolean) => void;
  extra?: CircularExtra;
}) {
  const create = useCreateTramo();
  const Extra = useMemo(() => (extra ? lazy(() => extra.load().then((mod) => ({ default: mod.TerminalCircularExtra }))) : null), [extra]);
  const extraValue = useRef<unknown>(null);
  const [setExtraValue] = useState(() => (value: unknown) => {
    extraValue.current = value;
  });
  const [file, setFile] = useState<File | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TramoAddForm>({
    resolver: zodResolver(tramoAddForm),
    defaultValues: { id_tramo: '', id_proyecto: '', id_circular: '', descripcion: '', arco_sumergido_id: String(arcoId) },
  });
  const onSubmit = handleSubmit((values) => {
    setBanner(null);
    create.mutate(
      { fields: values, imagen: file },
      {
        // A circular queued offline is sent by itself later (the screen's offline notice says so).
        onSuccess: (outcome) => {
          if (extra) void extra.load().then((mod) => mod.afterCircular(extraValue.current, outcome, arcoId));
          onDone(true);
        },
        onError: (error) => setBanner({ variant: 'danger', text: errorText(error, tramoMessages.addFallback, tramoMessages.addNetwork) }),
      },
    );
  });
  const validation = firstError(errors, order);
  return (
    <form noValidate onSubmit={onSubmit} className="terminal-form border rounded p-3 mb-3">
      <Banner message={banner} onClose={() => setBanner(null)} />
      {validation && <Feedback id="terminal-add-error">{validation}</Feedback>}
      <TramoFields idPrefix="terminal-add" errorId="terminal-add-error" register={register} errors={errors} />
      {Extra && (
        <Suspense fallback={null}>
          <Extra arcoId={arcoId} onChange={setExtraValue} />
        </Suspense>
      )}
      <ImagePicker label={t.photo} capture file={file} onChange={setFile} previewMaxWidth={240} disabled={create.isPending} />
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary btn-lg terminal-target flex-grow-1" disabled={create.isPending}>
          {create.isPending ? t.adding : t.addCircular}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-lg terminal-target" onClick={() => onDone(false)}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
