export { connectApprovingPhone } from "./approving-phone";
export type { ApprovingPhone } from "./approving-phone";
export { startHubWithPerson } from "./hub-with-person";
export type { HubWithPerson } from "./hub-with-person";
