import { wallMessages } from '@portal/contract/wall-messages';
import Card from 'react-bootstrap/Card';
import { useCreatePost } from '../api/create-post';
import { DraftForm } from './draft-form';
import { postDraftValidation } from './validation';

/** The wall's composer: text and/or an image, checked with the same rules as the server. */
export function PostComposer({ wallName }: { wallName: string }) {
  const create = useCreatePost();
  return (
    <Card className="mb-3 shadow-sm">
      <Card.Body>
        <DraftForm
          id="wall-composer-content"
          errorId="wall-composer-error"
          formLabel={wallMessages.newPost}
          fieldLabel={wallMessages.newPost}
          validation={postDraftValidation}
          send={(draft, callbacks) => create.mutate({ ...draft, wall_name: wallName }, callbacks)}
          busy={create.isPending}
          texts={{
            fallback: wallMessages.createPostFallback,
            network: wallMessages.createPostNetwork,
            send: wallMessages.publish,
            sending: wallMessages.publishing,
          }}
          rows={3}
          placeholder={wallMessages.composerPlaceholder}
          previewMaxWidth={150}
        />
      </Card.Body>
    </Card>
  );
}
