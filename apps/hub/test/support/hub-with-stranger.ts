import type { HubConfig } from "../../src/index";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { useForSuite } from "./suite-resource";

/** A hub, a user whose things the tests read, and a second user who must never see them. */
export interface HubWithStranger {
  readonly hub: TestHub;
  /** Registered first, on the device "Work laptop". */
  readonly owner: TestLogin;
  readonly stranger: TestLogin;
}

/**
 * Gives the enclosing `describe` a hub started with `config` and its two users (see
 * HubWithStranger): started in its beforeAll, closed in its afterAll. Read the fields inside
 * its tests; before the start they throw.
 */
export function useHubWithStranger(config: Partial<HubConfig> = {}): HubWithStranger {
  const started = useForSuite(
    "useHubWithStranger",
    async () => {
      const hub = await startTestHub(config);
      const owner = await hub.registerUser("owner", "Work laptop");
      return { hub, owner, stranger: await hub.registerUser("stranger") };
    },
    ({ hub }) => hub.close(),
  );
  return {
    get hub() {
      return started().hub;
    },
    get owner() {
      return started().owner;
    },
    get stranger() {
      return started().stranger;
    },
  };
}
