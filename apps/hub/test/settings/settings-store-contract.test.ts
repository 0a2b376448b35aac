import { describe } from "vitest";
import { createMemorySettingsStore } from "../../src/features/settings/stores/memory-settings-store";
import { createLmdbSettingsStore } from "../../src/features/settings/stores/lmdb-settings-store";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import { describeSettingsContract } from "../support/contracts/settings-store";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describeSettingsContract("memory", createMemorySettingsStore);

describe("on the embedded store", () => {
  const suite = useSuiteEmbeddedDatabase("settings-store");
  describeSettingsContract("embedded", () => createLmdbSettingsStore(suite().db));
});

describe("on Redis", () => {
  const infra = useSuiteRedisInfra("settings");
  describeSettingsContract("redis", () => infra().settingsStore);
});
