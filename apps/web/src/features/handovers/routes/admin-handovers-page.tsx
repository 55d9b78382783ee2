import { handoverMessages } from '@portal/contract/handovers';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { CatalogSelect } from '@/components/catalog-select';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api';
import { useNaves } from '@/lib/catalog';
import { useChosenNave } from '@/lib/catalog-admin';
import { useFactoryToday, useFactoryTz } from '@/lib/factory';
import { useNaveHandovers } from '../api/get-nave-handovers';
import { HandoverCard } from '../components/handover-card';

/** 'Relevos de turno' (/admin/relevos): every handover of a nave for the shifts that began on a day. */
export default function AdminHandoversPage() {
  const tz = useFactoryTz();
  const naves = useNaves();
  const [chosen, setNave] = useChosenNave();
  const [date, setDate] = useState(useFactoryToday());
  const list = useNaveHandovers(chosen, date);
  return (
    <div>
      <h1 className="h4 mb-3">{handoverMessages.adminTitle}</h1>
      <Form className="d-flex flex-wrap gap-3 mb-3" onSubmit={(e) => e.preventDefault()}>
        <CatalogSelect
          id="handovers-nave"
          label={handoverMessages.nave}
          by="name"
          items={naves.data}
          value={chosen}
          onChange={(e) => setNave(e.target.value)}
        />
        <Form.Group controlId="handovers-date">
          <Form.Label>{handoverMessages.date}</Form.Label>
          <Form.Control type="date" value={date} required onChange={(e) => e.target.value && setDate(e.target.value)} />
        </Form.Group>
      </Form>
      {list.isError && <Feedback>{errorText(list.error, handoverMessages.loadFallback, handoverMessages.loadFallback)}</Feedback>}
      {list.isPending ? (
        <Loading text={handoverMessages.loading} />
      ) : list.data?.length === 0 ? (
        <p className="text-muted">{handoverMessages.empty}</p>
      ) : (
        list.data?.map((h) => <HandoverCard key={h.id} handover={h} tz={tz} title={`${h.arco_sumergido_name} · ${h.shift_name}`} />)
      )}
    </div>
  );
}
