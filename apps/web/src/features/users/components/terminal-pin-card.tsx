import { zodResolver } from '@hookform/resolvers/zod';
import { setPinBody, terminalMessages } from '@portal/contract/terminal';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Feedback } from '@/components/feedback';
import { TextFields } from '@/components/text-field';
import { useServerForm } from '@/components/use-server-form';
import { usePinStatus } from '../api/get-pin-status';
import { useSetPin } from '../api/set-pin';

const EMPTY = { current_password: '', pin: '' };
const FIELDS = [
  { name: 'current_password', id: 'pin-current-password', label: t.currentPassword, type: 'password', autoComplete: 'current-password' },
  // The numeric keypad on a phone; no password manager's suggestion for a PIN.
  { name: 'pin', id: 'pin-new', label: t.newPin, type: 'password', autoComplete: 'off', inputMode: 'numeric' },
] as const;

/** 'PIN del terminal' on the profile: the worker creates or changes the PIN they sign in with at the station's tablet. */
export function TerminalPinCard() {
  const status = usePinStatus();
  const save = useSetPin();
  const [saved, setSaved] = useState(false);
  const { register, submit, reset, errors, message, fail } = useServerForm({
    resolver: zodResolver(setPinBody),
    defaultValues: EMPTY,
    order: FIELDS.map((f) => f.name),
    texts: { fallback: t.pinSaveFallback, network: t.pinSaveFallback },
  });
  const onSubmit = submit((values) => {
    setSaved(false);
    save.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        setSaved(true);
      },
      onError: fail,
    });
  });
  const hasPin = status.data?.has_pin;
  return (
    <Card className="mt-3" as="section" aria-labelledby="terminal-pin-title">
      <Card.Body>
        <h2 id="terminal-pin-title" className="h5">
          {t.pinSection}
        </h2>
        <p className="small mb-2">{t.pinHelp}</p>
        {hasPin !== undefined && <p data-testid="pin-status">{hasPin ? t.hasPin : t.noPin}</p>}
        {saved && <Feedback variant="success">{terminalMessages.pinSaved}</Feedback>}
        {message && <Feedback id="pin-error">{message}</Feedback>}
        <Form noValidate onSubmit={onSubmit}>
          <TextFields fields={FIELDS} register={register} errors={errors} errorId="pin-error" />
          <Button type="submit" disabled={save.isPending}>
            {hasPin ? t.changePin : t.createPin}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
