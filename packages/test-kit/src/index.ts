export { startLoopbackReceiver } from "./loopback-receiver";
export type { LoopbackReceiver, ReceivedRequest } from "./loopback-receiver";
export { createFakeBrowserKeys } from "./push-keys";
export type { FakeBrowserKeys } from "./push-keys";
export { startRedisServer } from "./redis-server";
export type { RedisServerOptions, TestRedisServer } from "./redis-server";
