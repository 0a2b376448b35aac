/** This user's devices: the list, revoking, and pairing a new one by code or link. */
export { DevicesView } from "./devices-view";
export { PairForm } from "./pair-form";
