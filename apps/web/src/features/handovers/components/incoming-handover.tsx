import { handoverMessages } from '@portal/contract/handovers-messages';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { useFactoryTz } from '@/lib/factory';
import { useConfirmHandover } from '../api/confirm-handover';
import { useArcoHandovers } from '../api/get-arco-handovers';
import { HandoverCard } from './handover-card';

/** The previous shift's handover at the worker's arco, until someone of this shift confirms it ('Leído'). */
export default function IncomingHandover() {
  const tz = useFactoryTz();
  const arco = useArcoHandovers();
  const confirm = useConfirmHandover();
  const [done, setDone] = useState<string | null>(null);
  const pending = arco.data?.pending;
  return (
    <>
      {done && (
        <Feedback variant="success" onClose={() => setDone(null)}>
          {done}
        </Feedback>
      )}
      {pending && (
        <HandoverCard handover={pending} tz={tz} title={handoverMessages.incoming}>
          {confirm.isError && (
            <Feedback className="mt-2">
              {errorText(confirm.error, handoverMessages.confirmFallback, handoverMessages.confirmFallback)}
            </Feedback>
          )}
          <Button
            className="mt-2"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate(pending.id, { onSuccess: (r) => setDone(r.message) })}
          >
            {handoverMessages.confirm}
          </Button>
        </HandoverCard>
      )}
    </>
  );
}
