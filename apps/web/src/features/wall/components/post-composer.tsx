import { offlineMessages } from '@portal/contract/offline-messages';
import { wallMessages } from '@portal/contract/wall-messages';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import { ImagePicker } from '@/components/image-picker';
import { useFocusAfter } from '@/components/use-focus-after';
import { errorText } from '@/lib/api';
import { useCreatePost } from '../api/create-post';
import { postDraftValidation, preloadOnTouch } from './validation';

/** The wall's composer: text and/or an image, checked with the same rules as the server. */
export function PostComposer({ wallName }: { wallName: string }) {
  const create = useCreatePost();
  const [serverError, setServerError] = useState<string | null>(null);
  // Saved offline: sent by the offline queue on reconnecting.
  const [queued, setQueued] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: postDraftValidation.resolver,
    defaultValues: { content: '', image: null },
  });

  const focusAfter = useFocusAfter(!create.isPending);
  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    setQueued(false);
    create.mutate(
      { content: values.content, wall_name: wallName, image: (values.image as File | null | undefined) ?? null },
      {
        onSuccess: (res) => {
          reset({ content: '', image: null });
          setQueued(res.queued);
          // Ready for the next post; the new one is announced by the wall's list.
          focusAfter(() => document.getElementById('wall-composer-content'));
        },
        onError: (error) => {
          setServerError(errorText(error, wallMessages.createPostFallback, wallMessages.createPostNetwork));
          focusAfter(() => document.getElementById('wall-composer-content'));
        },
      },
    );
  });

  const message = errors.content?.message ?? serverError;
  return (
    <Card className="mb-3 shadow-sm">
      <Card.Body>
        <Form noValidate onSubmit={onSubmit} {...preloadOnTouch(postDraftValidation)} aria-label="Nueva publicación">
          {message && (
            <Alert variant="danger" role="alert" id="wall-composer-error">
              {message}
            </Alert>
          )}
          {queued && !message && (
            <Alert variant="info" role="status">
              {offlineMessages.offlineHint}
            </Alert>
          )}
          <Form.Group className="mb-2" controlId="wall-composer-content">
            <Form.Label className="visually-hidden">Nueva publicación</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              placeholder={wallMessages.composerPlaceholder}
              isInvalid={!!errors.content}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? 'wall-composer-error' : undefined}
              disabled={create.isPending}
              {...register('content')}
            />
          </Form.Group>
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <ImagePicker
                file={(field.value as File | null | undefined) ?? null}
                onChange={field.onChange}
                previewMaxWidth={150}
                disabled={create.isPending}
              />
            )}
          />
          <div className="d-flex justify-content-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? wallMessages.publishing : wallMessages.publish}
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
