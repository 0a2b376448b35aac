export { startLoopbackReceiver } from "./loopback-receiver";
export type { LoopbackReceiver, ReceivedRequest } from "./loopback-receiver";
export { HUB_LISTENING_LINE } from "./hub-listening-line";
export { createFakeBrowserKeys } from "./push-keys";
export type { FakeBrowserKeys } from "./push-keys";
export { startRedisServer } from "./redis-server";
export type { RedisServerOptions, TestRedisServer } from "./redis-server";
export { freeLoopbackPort } from "./free-port";
