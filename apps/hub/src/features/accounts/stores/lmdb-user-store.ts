import type { TokenStore, UserRecord, UserStore } from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/**
 * Users kept across restarts. Tables: `users` (id → record) and `users-by-name` (lower-cased
 * username → id). `create` claims the name and writes the record in one write transaction,
 * so two registrations racing for "Ada" and "ada" leave exactly one user and never a name
 * pointing at nothing. Accounts do not expire.
 */
export function createLmdbUserStore(db: EmbeddedDatabase): UserStore {
  const users = db.table<UserRecord>("users");
  const idByUsername = db.table<string>("users-by-name");

  function findById(id: string): Promise<UserRecord | undefined> {
    return Promise.resolve(users.get(id));
  }

  return {
    create(user) {
      const name = user.username.toLowerCase();
      return users.transaction(() => {
        if (idByUsername.get(name) !== undefined) return false;
        idByUsername.putSync(name, user.id);
        users.putSync(user.id, { ...user });
        return true;
      });
    },

    createFirst(user) {
      return users.transaction(() => {
        if (users.getKeysCount({ limit: 1 }) > 0) return false;
        idByUsername.putSync(user.username.toLowerCase(), user.id);
        users.putSync(user.id, { ...user });
        return true;
      });
    },

    findByUsername(username) {
      const id = idByUsername.get(username.toLowerCase());
      return id === undefined ? Promise.resolve(undefined) : findById(id);
    },

    findById,
  };
}

/** Bearer token hashes → user ids (table `tokens`), so a login survives a restart. */
export function createLmdbTokenStore(db: EmbeddedDatabase): TokenStore {
  const userIdByHash = db.table<string>("tokens");
  return {
    async save(tokenHash, userId) {
      await userIdByHash.put(tokenHash, userId);
    },
    findUserId(tokenHash) {
      return Promise.resolve(userIdByHash.get(tokenHash));
    },
  };
}
