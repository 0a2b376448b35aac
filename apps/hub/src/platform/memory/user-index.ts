/**
 * Ids grouped by user, each group in insertion order (a Set keeps it), so the memory stores
 * answer "this user's records" without scanning everyone's. Empty groups are dropped, so the
 * index holds nothing for users who hold nothing.
 */
export interface UserIndex {
  add(userId: string, id: string): void;
  remove(userId: string, id: string): void;
  /** The user's ids, oldest first. */
  ids(userId: string): string[];
  size(userId: string): number;
  /** The user's `count` oldest ids (none when count ≤ 0). */
  oldest(userId: string, count: number): string[];
}

export function createUserIndex(): UserIndex {
  const groups = new Map<string, Set<string>>();

  return {
    add(userId, id) {
      const group = groups.get(userId) ?? new Set<string>();
      group.add(id);
      groups.set(userId, group);
    },

    remove(userId, id) {
      const group = groups.get(userId);
      if (group === undefined) return;
      group.delete(id);
      if (group.size === 0) groups.delete(userId);
    },

    ids(userId) {
      return [...(groups.get(userId) ?? [])];
    },

    size(userId) {
      return groups.get(userId)?.size ?? 0;
    },

    oldest(userId, count) {
      if (count <= 0) return [];
      const picked: string[] = [];
      for (const id of groups.get(userId) ?? []) {
        if (picked.length >= count) break;
        picked.push(id);
      }
      return picked;
    },
  };
}
