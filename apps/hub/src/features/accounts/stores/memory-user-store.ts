import type { TokenStore, UserRecord, UserStore } from "../ports";

/** In-memory users; usernames are unique case-insensitively ("Ada" and "ada" are one user). */
export function createMemoryUserStore(): UserStore {
  const byId = new Map<string, UserRecord>();
  const idByUsername = new Map<string, string>();

  function create(user: UserRecord): Promise<boolean> {
    const key = user.username.toLowerCase();
    if (idByUsername.has(key)) return Promise.resolve(false);
    idByUsername.set(key, user.id);
    byId.set(user.id, { ...user });
    return Promise.resolve(true);
  }

  return {
    create,
    createFirst(user) {
      return byId.size > 0 ? Promise.resolve(false) : create(user);
    },
    findByUsername(username) {
      const id = idByUsername.get(username.toLowerCase());
      const user = id === undefined ? undefined : byId.get(id);
      return Promise.resolve(user === undefined ? undefined : { ...user });
    },
    findById(id) {
      const user = byId.get(id);
      return Promise.resolve(user === undefined ? undefined : { ...user });
    },
  };
}

/** In-memory token hashes → user ids. */
export function createMemoryTokenStore(): TokenStore {
  const userIdByHash = new Map<string, string>();
  return {
    save(tokenHash, userId) {
      userIdByHash.set(tokenHash, userId);
      return Promise.resolve();
    },
    findUserId(tokenHash) {
      return Promise.resolve(userIdByHash.get(tokenHash));
    },
  };
}
