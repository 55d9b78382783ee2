import { zodResolver } from '@hookform/resolvers/zod';
import {
  searchResultsText,
  type Tramo,
  type TramoSearchQuery,
  tramoMessages,
  tramoScreenTexts,
  tramoSearchQuery,
} from '@portal/contract/tramos';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Banner, type BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { TextField } from '@/components/text-field';
import { errorText } from '@/lib/api';
import { useFactoryTz } from '@/lib/factory';
import { firstError } from '@/lib/first-error';
import { useCurrentUser } from '@/lib/token';
import { useLatestTramos } from '../api/get-latest-tramos';
import { useSearchTramos } from '../api/search-tramos';
import { PendingTramos } from '../components/pending-tramos';
import { EditTramoButton, TramoDetailsLink } from '../components/tramo-actions';
import { TramoCard } from '../components/tramo-card';
import { TramoEditModal } from '../components/tramo-edit-modal';

const order = ['id_tramo', 'id_proyecto', 'id_circular', 'circular_fecha'] as const;

/** The search's fields: name, input id, label (the date is a date input). */
const SEARCH_FIELDS = [
  ['id_tramo', 'search-id-tramo', tramoScreenTexts.idTramoLabel],
  ['id_proyecto', 'search-id-proyecto', tramoScreenTexts.idProyectoLabel],
  ['id_circular', 'search-id-circular', tramoScreenTexts.idCircularLabel],
  ['circular_fecha', 'search-fecha', tramoScreenTexts.fechaLabel],
] as const;

/** Consultar Datos: four optional filters, the latest five circulares, a results modal and an edit modal. */
export default function ConsultarDatosPage() {
  const user = useCurrentUser();
  const tz = useFactoryTz();
  const latest = useLatestTramos();
  const search = useSearchTramos();
  const [results, setResults] = useState<Tramo[] | null>(null);
  const [editing, setEditing] = useState<Tramo | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TramoSearchQuery>({
    resolver: zodResolver(tramoSearchQuery),
    defaultValues: { id_tramo: '', id_proyecto: '', id_circular: '', circular_fecha: '' },
  });

  // Editar only on the user's own circulares, or on any for an admin.
  const mayEdit = (t: Tramo) => user?.role === 'admin' || (user !== null && t.user_id === user.id);

  const onSearch = handleSubmit((filters) => {
    setBanner(null);
    search.mutate(filters, {
      onSuccess: (found) => {
        if (found.length > 0) setResults(found);
        else setBanner({ variant: 'info', text: tramoMessages.searchEmpty });
      },
      onError: (error) =>
        setBanner({ variant: 'danger', text: errorText(error, tramoMessages.searchFallback, tramoMessages.searchNetwork) }),
    });
  });

  const openEdit = (t: Tramo) => {
    setResults(null);
    setEditing(t);
  };

  const actions = (t: Tramo) => (
    <>
      <TramoDetailsLink tramo={t} />
      {mayEdit(t) && <EditTramoButton tramo={t} onClick={() => openEdit(t)} />}
    </>
  );

  const validation = firstError(errors, order);
  return (
    <div>
      <h1 className="h4 mb-3">{tramoScreenTexts.searchTitle}</h1>
      <Banner message={banner} onClose={() => setBanner(null)} />
      <Card className="mb-4">
        <Card.Body>
          {validation && <Feedback>{validation}</Feedback>}
          <Form noValidate onSubmit={onSearch} aria-label={tramoScreenTexts.searchForm}>
            <Row className="g-2">
              {SEARCH_FIELDS.map(([name, id, label]) => (
                <Col key={name} xs={12} sm={6} lg={3}>
                  <TextField
                    className=""
                    id={id}
                    label={label}
                    type={name === 'circular_fecha' ? 'date' : undefined}
                    registration={register(name)}
                  />
                </Col>
              ))}
            </Row>
            <Button id="search-submit" type="submit" className="mt-3 w-100" disabled={search.isPending}>
              {search.isPending ? tramoScreenTexts.searching : tramoScreenTexts.search}
            </Button>
          </Form>
        </Card.Body>
      </Card>

      <h2 className="h5">{tramoScreenTexts.latestTitle}</h2>
      {latest.isLoading && <Loading text={tramoMessages.loading} />}
      {latest.isError && <Feedback>{errorText(latest.error, tramoMessages.latestFallback, tramoMessages.latestNetwork)}</Feedback>}
      {latest.data && latest.data.tramos.length === 0 && <p className="text-muted">{tramoMessages.latestEmpty}</p>}
      <Row xs={1} md={2} className="g-3" as="ul" aria-label={tramoScreenTexts.latestTitle} style={{ listStyle: 'none', paddingLeft: 0 }}>
        {user && <PendingTramos user={user} tz={tz} />}
        {latest.data?.tramos.map((t) => (
          <Col as="li" key={t.id}>
            <TramoCard tramo={t} actions={actions(t)} />
          </Col>
        ))}
      </Row>

      {/* Buscar was disabled during the search, so the dialog found no focused control to return to: it
          gives focus back to Buscar itself (e2e/tests/a11y.spec.ts). */}
      <Modal
        show={results !== null}
        onHide={() => setResults(null)}
        restoreFocus={false}
        onExited={() => {
          if (!editing) document.getElementById('search-submit')?.focus();
        }}
        size="lg"
        centered
        scrollable
        aria-labelledby="search-results-title"
      >
        <Modal.Header closeButton closeLabel={tramoScreenTexts.close}>
          <Modal.Title id="search-results-title">{tramoScreenTexts.resultsTitle}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p role="status">{searchResultsText(results?.length ?? 0)}</p>
          <ul className="list-unstyled d-grid gap-3 mb-0">
            {results?.map((t) => (
              <li key={t.id}>
                <TramoCard tramo={t} actions={actions(t)} />
              </li>
            ))}
          </ul>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setResults(null)}>
            {tramoScreenTexts.close}
          </Button>
        </Modal.Footer>
      </Modal>

      <TramoEditModal
        area="user"
        tramo={editing}
        onHide={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          setBanner({ variant: 'success', text });
        }}
      />
    </div>
  );
}
