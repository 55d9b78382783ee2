import { offlineMessages } from '@portal/contract/offline-messages';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Controller } from 'react-hook-form';
import { Feedback } from '@/components/feedback';
import { ImagePicker } from '@/components/image-picker';
import { useFocusAfter } from '@/components/use-focus-after';
import { useServerForm } from '@/components/use-server-form';
import { type lazyValidation, preloadOnTouch } from './validation';

/** What a draft sends: the text and the chosen image, or none. */
export interface Draft {
  content: string;
  image: File | null;
}

/**
 * The wall's two composers, a new post and a comment: a text and/or an image, checked with the same
 * rules as the server (`validation`), sent with `send` (through the offline queue: `queued` answers
 * that it was saved to go out on reconnecting). The first error, or that offline hint, shows above
 * the text; the text gets the focus back after each attempt.
 */
export function DraftForm({
  id,
  errorId,
  formLabel,
  fieldLabel,
  validation,
  send,
  busy,
  texts,
  rows,
  placeholder,
  compact = false,
  imageLabel,
  previewMaxWidth,
  previewMinWidth,
}: {
  /** The text's id. */
  id: string;
  /** The error alert's id, which the text points to when invalid. */
  errorId: string;
  formLabel: string;
  /** The text's label, read by screen readers only. */
  fieldLabel: string;
  validation: ReturnType<typeof lazyValidation<'postDraft' | 'commentDraft'>>;
  send: (draft: Draft, callbacks: { onSuccess: (res: { queued: boolean }) => void; onError: (error: unknown) => void }) => void;
  busy: boolean;
  texts: { fallback: string; network: string; send: string; sending: string };
  rows: number;
  placeholder: string;
  /** The comment's: a smaller alert and button. */
  compact?: boolean;
  imageLabel?: string;
  previewMaxWidth: number;
  previewMinWidth?: number;
}) {
  // Saved offline: sent by the offline queue on reconnecting.
  const [queued, setQueued] = useState(false);
  const { register, control, submit, reset, fail, message, errors } = useServerForm({
    resolver: validation.resolver,
    defaultValues: { content: '', image: null },
    order: ['content'],
    texts,
  });
  const focusAfter = useFocusAfter(!busy);
  const refocus = () => focusAfter(() => document.getElementById(id));
  const onSubmit = submit((values) => {
    setQueued(false);
    send(
      { content: values.content, image: (values.image as File | null | undefined) ?? null },
      {
        onSuccess: (res) => {
          reset({ content: '', image: null });
          setQueued(res.queued);
          refocus();
        },
        onError: (error) => {
          fail(error);
          refocus();
        },
      },
    );
  });

  const feedbackClass = compact ? 'py-2' : undefined;
  return (
    <Form noValidate onSubmit={onSubmit} {...preloadOnTouch(validation)} aria-label={formLabel}>
      {message && (
        <Feedback className={feedbackClass} id={errorId}>
          {message}
        </Feedback>
      )}
      {queued && !message && (
        <Feedback variant="info" className={feedbackClass}>
          {offlineMessages.offlineHint}
        </Feedback>
      )}
      <Form.Group className="mb-2" controlId={id}>
        <Form.Label className="visually-hidden">{fieldLabel}</Form.Label>
        <Form.Control
          as="textarea"
          rows={rows}
          placeholder={placeholder}
          isInvalid={!!errors.content}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          disabled={busy}
          {...register('content')}
        />
      </Form.Group>
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImagePicker
            label={imageLabel}
            file={(field.value as File | null | undefined) ?? null}
            onChange={field.onChange}
            previewMaxWidth={previewMaxWidth}
            previewMinWidth={previewMinWidth}
            disabled={busy}
          />
        )}
      />
      <div className="d-flex justify-content-end">
        <Button type="submit" size={compact ? 'sm' : undefined} disabled={busy}>
          {busy ? texts.sending : texts.send}
        </Button>
      </div>
    </Form>
  );
}
