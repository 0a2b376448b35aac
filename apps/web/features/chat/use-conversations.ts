"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";
import { deleteConversation, fetchConversations, renameConversation } from "./conversations-client";

/**
 * The person's conversations, newest first, with rename and delete. `conversation:changed`
 * on the socket keeps the list current across devices; this tab's own changes refetch it
 * at once rather than wait for the event.
 */
export function useConversations() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.conversations, queryFn: fetchConversations });
  const refresh = (id: string) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations, exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversation(id) });
  };
  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameConversation(id, title),
    onSuccess: (_renamed, { id }) => refresh(id),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteConversation(id),
    onSuccess: (_deleted, id) => refresh(id),
  });
  return { list, rename, remove };
}
