import { wallAdminTexts } from '@portal/contract/wall-admin-messages';
import { wallMessages } from '@portal/contract/wall-messages';
import { useCallback, useEffect } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import type { DialogMutation } from '@/components/dialog-mutation';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { ImagePicker } from '@/components/image-picker';
import { TextField } from '@/components/text-field';
import { useEditForm } from '@/components/use-edit-form';
import { imageUrl } from '@/lib/api';
import { lazyValidation } from './validation';

/** What the admin edits of a post or a comment (only a post has a wall name). */
export interface WallEditable {
  id: number;
  content: string;
  wall_name?: string;
  image_path: string | null;
  image_thumb: string | null;
}

/** The values the dialog sends: `image` is the new File, or null to keep the stored image. */
export interface WallEdit {
  content: string;
  wall_name?: string;
  image: File | null;
}

const kinds = {
  post: {
    id: 'edit-post',
    title: wallAdminTexts.editPost,
    rows: 4,
    validation: lazyValidation('postAdminEdit'),
    missing: wallMessages.noPostSelected,
    fallback: wallMessages.updatePostFallback,
  },
  comment: {
    id: 'edit-comment',
    title: wallAdminTexts.editComment,
    rows: 3,
    validation: lazyValidation('commentAdminEdit'),
    missing: wallMessages.noCommentSelected,
    fallback: wallMessages.updateCommentFallback,
  },
};

interface FormValues {
  content: string;
  wall_name?: string;
  image: unknown;
}

/**
 * The admin's editor of a post (content, wall name, image) or a comment (content, image). `image`
 * holds the new File, or the stored path while none is chosen, so the "not empty unless there is an
 * image" rule sees the image the item will keep.
 */
export function WallEditModal<T extends WallEditable, V>({
  kind,
  item,
  update,
  variables,
  onHide,
  onSaved,
}: {
  kind: keyof typeof kinds;
  item: T | null;
  update: DialogMutation<V>;
  variables: (item: T, edit: WallEdit) => V;
  onHide: () => void;
  onSaved: () => void;
}) {
  const { id, title, rows, validation, missing, fallback } = kinds[kind];
  const withWallName = kind === 'post';
  const formValues = useCallback(
    (edited: T): FormValues => ({
      content: edited.content,
      ...(withWallName && { wall_name: edited.wall_name }),
      image: edited.image_path,
    }),
    [withWallName],
  );
  const { register, control, submit, errors, message, setServerError, fail } = useEditForm(item, formValues, {
    resolver: validation.resolver as Resolver<FormValues>,
    defaultValues: { content: '', ...(withWallName && { wall_name: '' }), image: null },
    order: ['content', 'wall_name'],
    texts: { fallback, network: wallMessages.network },
  });
  useEffect(validation.preload, []);

  const onSubmit = submit((values) => {
    if (!item) {
      setServerError(missing);
      return;
    }
    const image = values.image instanceof File ? values.image : null;
    update.mutate(variables(item, { content: values.content, wall_name: values.wall_name, image }), {
      onSuccess: () => onSaved(),
      onError: fail,
    });
  });

  return (
    <EditModalFrame id={id} title={title} show={!!item} message={message} busy={update.isPending} onHide={onHide} onSubmit={onSubmit}>
      <TextField
        id={`${id}-content`}
        label={wallAdminTexts.content}
        textarea
        rows={rows}
        invalid={!!errors.content}
        errorId={`${id}-error`}
        registration={register('content')}
      />
      {withWallName && (
        <TextField
          id={`${id}-wall`}
          label={wallAdminTexts.wallName}
          invalid={!!errors.wall_name}
          errorId={`${id}-error`}
          registration={register('wall_name')}
        />
      )}
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImagePicker
            label={wallAdminTexts.newImage}
            file={field.value instanceof File ? field.value : null}
            onChange={(file) => field.onChange(file ?? item?.image_path ?? null)}
            existingUrl={imageUrl(item?.image_thumb ?? item?.image_path)}
            previewMaxWidth={100}
          />
        )}
      />
    </EditModalFrame>
  );
}
