import type { AndonCall } from '@portal/contract/andon';
import { andonMessages } from '@portal/contract/andon-messages';
import { andonScreenMessages } from '@portal/contract/andon-screen-messages';
import { useState } from 'react';
import type { BannerMessage } from '@/components/banner';
import { useFocusAfter } from '@/components/use-focus-after';
import { errorText } from '@/lib/api';
import { type AndonAnswer, useAnswerCall } from './answer-call';

/**
 * Answering a call from the bar or the list: the mutation, the outcome as a banner, and focus moved
 * to what `focusNext` finds once the answer is stored and rendered (the button it was on changes or goes).
 */
export function useAnswer(focusNext: (call: AndonCall, answer: AndonAnswer) => HTMLElement | null | undefined) {
  const mutation = useAnswerCall();
  const focusAfter = useFocusAfter(!mutation.isPending);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const answer = (call: AndonCall, kind: AndonAnswer) => {
    setBanner(null);
    mutation.mutate(
      { id: call.id, answer: kind },
      {
        onSuccess: (res) => {
          setBanner({ variant: 'success', text: res.message });
          focusAfter(() => focusNext(res.call, kind));
        },
        onError: (error) =>
          setBanner({ variant: 'danger', text: errorText(error, andonMessages.saveFailed, andonScreenMessages.answerOffline) }),
      },
    );
  };
  return { answer, banner, clear: () => setBanner(null), busyId: mutation.isPending ? mutation.variables?.id : undefined };
}
