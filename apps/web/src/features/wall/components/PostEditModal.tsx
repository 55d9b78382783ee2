import { type WallPost, wallMessages } from '@portal/contract/wall-messages';
import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import { EditModalFrame } from '@/components/EditModalFrame';
import { ImagePicker } from '@/components/ImagePicker';
import { errorText, imageUrl } from '@/lib/api';
import { useUpdatePost } from '../api/update-post';
import { postAdminEditValidation } from './validation';

/**
 * The admin's post editor. `image` holds the new File, or the stored path while none is chosen,
 * so the "not empty unless there is an image" rule sees the image the post will keep.
 */
export function PostEditModal({ post, onHide, onSaved }: { post: WallPost | null; onHide: () => void; onSaved: () => void }) {
  const update = useUpdatePost();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: postAdminEditValidation.resolver, defaultValues: { content: '', wall_name: '', image: null as unknown } });
  useEffect(postAdminEditValidation.preload, []);

  useEffect(() => {
    if (post) {
      reset({ content: post.content, wall_name: post.wall_name, image: post.image_path });
      setServerError(null);
    }
  }, [post, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!post) {
      setServerError(wallMessages.noPostSelected);
      return;
    }
    setServerError(null);
    update.mutate(
      {
        id: post.id,
        content: values.content,
        wall_name: values.wall_name ?? post.wall_name,
        image: values.image instanceof File ? values.image : null,
      },
      {
        onSuccess: () => onSaved(),
        onError: (error) => setServerError(errorText(error, wallMessages.updatePostFallback, wallMessages.network)),
      },
    );
  });

  const message = errors.content?.message ?? errors.wall_name?.message ?? serverError;
  return (
    <EditModalFrame
      id="edit-post"
      title="Editar Publicación"
      show={!!post}
      message={message}
      busy={update.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <Form.Group className="mb-3" controlId="edit-post-content">
        <Form.Label>Contenido</Form.Label>
        <Form.Control as="textarea" rows={4} isInvalid={!!errors.content} {...register('content')} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="edit-post-wall">
        <Form.Label>Nombre del muro</Form.Label>
        <Form.Control type="text" isInvalid={!!errors.wall_name} {...register('wall_name')} />
      </Form.Group>
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImagePicker
            label="Nueva imagen (opcional)"
            file={field.value instanceof File ? field.value : null}
            onChange={(file) => field.onChange(file ?? post?.image_path ?? null)}
            existingUrl={imageUrl(post?.image_thumb ?? post?.image_path)}
            previewMaxWidth={100}
          />
        )}
      />
    </EditModalFrame>
  );
}
