import { tramoMessages, tramoScreenTexts } from '@portal/contract/tramos';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useNavigate, useParams } from 'react-router';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { ApiError, errorText, imageUrl } from '@/lib/api';
import { useTramo } from '../api/get-tramo';
import { TramoDetails } from '../components/tramo-details';
import { WeldDossierDownloads } from '../components/weld-dossier-downloads';

/** Detalles del Tramo: every field, the image, and Volver to where the user came from. */
export default function TramoDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const tramo = useTramo(id);
  const notFound = tramo.error instanceof ApiError && (tramo.error.status === 404 || tramo.error.status === 400);

  return (
    <Card className="mx-auto" style={{ maxWidth: 720 }}>
      <Card.Body>
        <h1 className="h4 mb-3">{tramoScreenTexts.detailTitle}</h1>
        {tramo.isLoading && <Loading text={tramoMessages.loadingDetail} />}
        {tramo.isError &&
          (notFound ? (
            <p className="text-muted">{tramoMessages.notFound}</p>
          ) : (
            <Feedback>{errorText(tramo.error, tramoMessages.detailFallback, tramoMessages.detailNetwork)}</Feedback>
          ))}
        {tramo.data && (
          <>
            <TramoDetails tramo={tramo.data} />
            {tramo.data.imagen && (
              <img
                src={imageUrl(tramo.data.imagen)}
                alt={tramoMessages.imageAlt(tramo.data.id_tramo)}
                className="img-fluid rounded border mt-3 d-block bg-light"
                // The stored size is unknown here: a fixed box keeps the page from jumping when it loads.
                style={{ maxWidth: 400, width: '100%', aspectRatio: '4 / 3', objectFit: 'contain' }}
              />
            )}
            <WeldDossierDownloads idProyecto={tramo.data.id_proyecto} idTramo={tramo.data.id_tramo} />
          </>
        )}
        <Button variant="secondary" className="mt-3" onClick={() => navigate(-1)}>
          {tramoScreenTexts.back}
        </Button>
      </Card.Body>
    </Card>
  );
}
