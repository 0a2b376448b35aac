"use client";

import { useCallback, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { PendingList } from "./pending-cache";
import { queryKeys } from "@/lib/client/query-keys";
import { EMPTY_PENDING_STATE, reducePending } from "./pending-state";
import type { LeavingCard, PendingAction, PendingState } from "./pending-state";

/**
 * Runs `reducePending` against the React Query cache of the pending list (which HTTP fills
 * too) and this tab's own memory of closed inquiries. The state is also kept in a ref:
 * socket events arrive faster than React renders, and each must see the previous one's result.
 */
export function usePendingState(onLeaving: (cards: readonly LeavingCard[]) => void): {
  state: PendingState;
  dispatch: (action: PendingAction) => void;
} {
  const queryClient = useQueryClient();
  const stateRef = useRef(EMPTY_PENDING_STATE);
  const [state, setState] = useState(EMPTY_PENDING_STATE);

  const dispatch = useCallback(
    (action: PendingAction) => {
      const pending = queryClient.getQueryData<PendingList>(queryKeys.pendingInquiries);
      const before: PendingState = { ...stateRef.current, pending };
      const next = reducePending(before, action);
      if (next.state === before) return;
      if (next.state.pending !== pending)
        queryClient.setQueryData<PendingList>(queryKeys.pendingInquiries, next.state.pending);
      stateRef.current = next.state;
      setState(next.state);
      onLeaving(next.leaving);
    },
    [onLeaving, queryClient],
  );

  return { state, dispatch };
}
