import { type WallComment, wallMessages } from '@portal/contract/wall-messages';
import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import { EditModalFrame } from '@/components/EditModalFrame';
import { ImagePicker } from '@/components/ImagePicker';
import { errorText, imageUrl } from '@/lib/api';
import { useUpdateComment } from '../api/update-comment';
import { commentAdminEditValidation } from './validation';

/** The admin's comment editor; `image` holds the new File or the stored path (see PostEditModal). */
export function CommentEditModal({ comment, onHide, onSaved }: { comment: WallComment | null; onHide: () => void; onSaved: () => void }) {
  const update = useUpdateComment();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: commentAdminEditValidation.resolver, defaultValues: { content: '', image: null as unknown } });
  useEffect(commentAdminEditValidation.preload, []);

  useEffect(() => {
    if (comment) {
      reset({ content: comment.content, image: comment.image_path });
      setServerError(null);
    }
  }, [comment, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!comment) {
      setServerError(wallMessages.noCommentSelected);
      return;
    }
    setServerError(null);
    update.mutate(
      { postId: comment.post_id, id: comment.id, content: values.content, image: values.image instanceof File ? values.image : null },
      {
        onSuccess: () => onSaved(),
        onError: (error) => setServerError(errorText(error, wallMessages.updateCommentFallback, wallMessages.network)),
      },
    );
  });

  const message = errors.content?.message ?? serverError;
  return (
    <EditModalFrame
      id="edit-comment"
      title="Editar Comentario"
      show={!!comment}
      message={message}
      busy={update.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <Form.Group className="mb-3" controlId="edit-comment-content">
        <Form.Label>Contenido</Form.Label>
        <Form.Control as="textarea" rows={3} isInvalid={!!errors.content} {...register('content')} />
      </Form.Group>
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImagePicker
            label="Nueva imagen (opcional)"
            file={field.value instanceof File ? field.value : null}
            onChange={(file) => field.onChange(file ?? comment?.image_path ?? null)}
            existingUrl={imageUrl(comment?.image_thumb ?? comment?.image_path)}
            previewMaxWidth={100}
          />
        )}
      />
    </EditModalFrame>
  );
}
