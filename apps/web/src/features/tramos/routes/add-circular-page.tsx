import { zodResolver } from '@hookform/resolvers/zod';
import { offlineMessages } from '@portal/contract/offline-messages';
import { type TramoAddForm, tramoAddForm, tramoMessages, tramoScreenTexts } from '@portal/contract/tramos';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Banner, type BannerMessage } from '@/components/banner';
import { CatalogSelect } from '@/components/catalog-select';
import { Feedback } from '@/components/feedback';
import { ImagePicker } from '@/components/image-picker';
import { errorText } from '@/lib/api';
import { useNaves } from '@/lib/catalog';
import { firstError } from '@/lib/first-error';
import { useCurrentUser } from '@/lib/token';
import { useCreateTramo } from '../api/create-tramo';
import { ArcoSelect } from '../components/arco-select';
import { TramoFields } from '../components/tramo-fields';

const order = ['id_tramo', 'id_proyecto', 'id_circular', 'descripcion', 'arco_sumergido_id'] as const;

/**
 * Añadir Circular: the arco defaults to the one chosen at login, among the arcos of the user's nave.
 * An administrator (who may have signed in without a nave) first picks the nave, then its arco.
 */
export default function AddCircularPage() {
  const user = useCurrentUser();
  const pickNave = user?.role === 'admin' || !user?.nave;
  const [nave, setNave] = useState(user?.nave ?? '');
  const naves = useNaves();
  const create = useCreateTramo();
  const [file, setFile] = useState<File | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const defaults: TramoAddForm = {
    id_tramo: '',
    id_proyecto: '',
    id_circular: '',
    descripcion: '',
    arco_sumergido_id: user?.arco_sumergido_id ? String(user.arco_sumergido_id) : '',
  };
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<TramoAddForm>({ resolver: zodResolver(tramoAddForm), defaultValues: defaults });

  const onSubmit = handleSubmit((values) => {
    setBanner(null);
    create.mutate(
      { fields: values, imagen: file },
      {
        onSuccess: (res) => {
          setBanner(
            res.queued ? { variant: 'info', text: offlineMessages.offlineHint } : { variant: 'success', text: tramoMessages.added },
          );
          reset(defaults);
          setFile(null);
        },
        onError: (error) => setBanner({ variant: 'danger', text: errorText(error, tramoMessages.addFallback, tramoMessages.addNetwork) }),
      },
    );
  });

  const validation = firstError(errors, order);
  return (
    <Card className="mx-auto" style={{ maxWidth: 640 }}>
      <Card.Body>
        <h1 className="h4 mb-3">{tramoScreenTexts.addTitle}</h1>
        <Banner message={banner} onClose={() => setBanner(null)} />
        {validation && <Feedback id="add-error">{validation}</Feedback>}
        <Form noValidate onSubmit={onSubmit}>
          <TramoFields idPrefix="add" errorId="add-error" register={register} errors={errors} />
          {pickNave && (
            <CatalogSelect
              className="mb-3"
              id="add-nave"
              label={tramoScreenTexts.naveLabel}
              by="name"
              items={naves.data}
              first={tramoScreenTexts.chooseNave}
              value={nave}
              onChange={(e) => {
                setNave(e.target.value);
                // Another nave's arco cannot stay chosen.
                setValue('arco_sumergido_id', '');
              }}
            >
              {!nave && <Form.Text>{tramoScreenTexts.naveFirst}</Form.Text>}
            </CatalogSelect>
          )}
          <ArcoSelect
            id="add-arco"
            nave={nave}
            invalid={!!errors.arco_sumergido_id}
            registration={register('arco_sumergido_id')}
            // The login arco is an option at once, so the default shows before the list arrives.
            current={user?.arco_sumergido_id ? { id: user.arco_sumergido_id, name: user.arco_sumergido_name ?? '' } : null}
          />
          <ImagePicker file={file} onChange={setFile} previewMinWidth={100} previewMaxWidth={400} disabled={create.isPending} />
          <Button type="submit" className="w-100" disabled={create.isPending}>
            {create.isPending ? tramoScreenTexts.adding : tramoScreenTexts.addTitle}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
