import { offlineMessages } from '@portal/contract/offline-messages';
import { wallMessages } from '@portal/contract/wall-messages';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Controller, useForm } from 'react-hook-form';
import { ImagePicker } from '@/components/image-picker';
import { Loading } from '@/components/loading';
import { PhotoViewer } from '@/components/photo-viewer';
import { useFocusAfter } from '@/components/use-focus-after';
import { errorText, imageUrl } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useCreateComment } from '../api/create-comment';
import { useComments } from '../api/get-comments';
import { commentDraftValidation, preloadOnTouch } from './validation';

/** One post's comments, oldest first, and the box to add one (inside PostCard's comments section). */
export default function CommentSection({ postId, tz }: { postId: number; tz: string }) {
  const comments = useComments(postId);
  const create = useCreateComment();
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
    resolver: commentDraftValidation.resolver,
    defaultValues: { content: '', image: null },
  });

  const focusAfter = useFocusAfter(!create.isPending);
  const textareaId = `comment-content-${postId}`;
  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    setQueued(false);
    create.mutate(
      { postId, content: values.content, image: (values.image as File | null | undefined) ?? null },
      {
        onSuccess: (res) => {
          reset({ content: '', image: null });
          setQueued(res.queued);
          focusAfter(() => document.getElementById(textareaId));
        },
        onError: (error) => {
          setServerError(errorText(error, wallMessages.addCommentFallback, wallMessages.addCommentNetwork));
          focusAfter(() => document.getElementById(textareaId));
        },
      },
    );
  });

  const message = errors.content?.message ?? serverError;
  return (
    <>
      {comments.isPending ? (
        <Loading text={wallMessages.loadingComments} />
      ) : comments.isError ? (
        <Alert variant="danger">{errorText(comments.error, wallMessages.loadCommentsFallback, wallMessages.network)}</Alert>
      ) : comments.data.length === 0 ? (
        <p className="text-muted small mb-2">{wallMessages.noComments}</p>
      ) : (
        <ListGroup variant="flush" className="mb-2">
          {comments.data.map((c) => (
            <ListGroup.Item key={c.id} className="px-0" data-testid="comment">
              <div className="d-flex justify-content-between flex-wrap gap-1">
                <strong className="small">{c.user_name}</strong>
                <time className="text-muted small" dateTime={c.timestamp}>
                  {formatDateTime(c.timestamp, tz)}
                </time>
              </div>
              {c.content && (
                <p className="mb-1 small text-break" style={{ whiteSpace: 'pre-wrap' }}>
                  {c.content}
                </p>
              )}
              {c.image_path && (
                <PhotoViewer
                  className="d-block"
                  thumb={imageUrl(c.image_thumb ?? c.image_path)}
                  full={imageUrl(c.image_path)}
                  alt={`Imagen del comentario de ${c.user_name}`}
                  title={`Imagen del comentario de ${c.user_name}`}
                  size={80}
                />
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <Form noValidate onSubmit={onSubmit} {...preloadOnTouch(commentDraftValidation)} aria-label="Añadir comentario">
        {message && (
          <Alert variant="danger" role="alert" className="py-2" id={`${textareaId}-error`}>
            {message}
          </Alert>
        )}
        {queued && !message && (
          <Alert variant="info" role="status" className="py-2">
            {offlineMessages.offlineHint}
          </Alert>
        )}
        <Form.Group className="mb-2" controlId={textareaId}>
          <Form.Label className="visually-hidden">Comentario</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            placeholder={wallMessages.commentPlaceholder}
            isInvalid={!!errors.content}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${textareaId}-error` : undefined}
            disabled={create.isPending}
            {...register('content')}
          />
        </Form.Group>
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <ImagePicker
              label="Imagen del comentario (opcional)"
              file={(field.value as File | null | undefined) ?? null}
              onChange={field.onChange}
              previewMaxWidth={80}
              previewMinWidth={80}
              disabled={create.isPending}
            />
          )}
        />
        <div className="d-flex justify-content-end">
          <Button type="submit" size="sm" disabled={create.isPending}>
            {create.isPending ? wallMessages.commenting : wallMessages.comment}
          </Button>
        </div>
      </Form>
    </>
  );
}
