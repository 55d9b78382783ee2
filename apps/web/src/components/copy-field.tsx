import { machineMessages } from '@portal/contract/machines';
import { useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

type Copied = 'copied' | 'failed' | null;

/**
 * Copies the field's text: the asynchronous clipboard where the page may use it (a secure context),
 * else the selected text through the older copy command (a portal served over plain HTTP on the
 * factory network has no navigator.clipboard); if neither works the text stays selected for the user.
 */
async function copyText(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, document not focused): fall back to the selection.
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * A read-only text with its copy button and a polite status that says 'Copiado' (or, when nothing
 * could be copied, how to copy the selected text by hand).
 */
export function CopyField({
  label,
  value,
  copyLabel,
  multiline = false,
  help,
  testId,
}: {
  label: string;
  value: string;
  copyLabel: string;
  multiline?: boolean;
  help?: string;
  testId?: string;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<Copied>(null);
  const described = [help && `${id}-help`, `${id}-status`].filter(Boolean).join(' ');
  const fieldProps = {
    readOnly: true,
    value,
    'data-testid': testId,
    'aria-describedby': described,
    className: 'font-monospace small',
    onFocus: (e: { target: { select: () => void } }) => e.target.select(),
  };
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label className="fw-bold">{label}</Form.Label>
      <InputGroup>
        {multiline ? (
          <Form.Control ref={field} as="textarea" rows={3} {...fieldProps} />
        ) : (
          <Form.Control ref={field} type="text" {...fieldProps} />
        )}
        <Button
          variant="outline-secondary"
          onClick={async () => {
            setCopied(null);
            setCopied((await copyText(value, field.current)) ? 'copied' : 'failed');
          }}
        >
          {copyLabel}
        </Button>
      </InputGroup>
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      <div id={`${id}-status`} role="status" className={copied === 'failed' ? 'small text-danger' : 'small text-success'}>
        {copied === 'copied' ? machineMessages.copied : copied === 'failed' ? machineMessages.copyFailed : ''}
      </div>
    </Form.Group>
  );
}
