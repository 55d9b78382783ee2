import type { Arco } from '@portal/contract/arcos';
import { machineMessages } from '@portal/contract/machines';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { useEffect, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { renderSVG } from 'uqr';
import { CopyField } from '@/components/copy-field';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { formatTime } from '@/lib/dates';
import { useCreateTerminalCode } from '../api/terminal-code';

/** The address a tablet opens to enrol: /terminal with the code filled in. */
export const terminalUrl = (code: string) => `${window.location.origin}/terminal?code=${code}`;

/**
 * 'Terminal' on an arco: a fresh one-time enrolment code, the terminal's address with it, and the same
 * address as a QR code (uqr, SVG) for the tablet's camera. Each opening asks for a new code.
 */
export function TerminalCodeModal({ arco, tz, onHide }: { arco: Arco; tz: string; onHide: () => void }) {
  const create = useCreateTerminalCode();
  const { mutate } = create;
  useEffect(() => mutate(arco.id), [mutate, arco.id]);
  const code = create.data;
  const titleId = useId();
  return (
    <Modal show onHide={onHide} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={machineMessages.close}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {t.codeTitle(arco.name)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {create.isError && <Feedback>{errorText(create.error, t.codeFallback, t.codeFallback)}</Feedback>}
        {!code && !create.isError && <p role="status">{t.generatingCode}</p>}
        {code && (
          <>
            <p>{t.codeHelp}</p>
            <p className="display-6 font-monospace text-center mb-1" data-testid="terminal-code">
              {code.code}
            </p>
            <p className="text-center small">{t.codeExpires(formatTime(code.expires_at, tz))}</p>
            <CopyField label={t.codeUrl} value={terminalUrl(code.code)} copyLabel={machineMessages.copyUrl} testId="terminal-url" />
            <div
              className="mx-auto mt-3"
              style={{ width: 200 }}
              role="img"
              aria-label={t.qrLabel}
              // uqr draws the QR as an SVG string of its own (no user text in it but the address).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG comes from uqr, not from input.
              dangerouslySetInnerHTML={{ __html: renderSVG(terminalUrl(code.code), { border: 2 }) }}
            />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {machineMessages.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
