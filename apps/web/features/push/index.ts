/** Web push: this browser's subscription and the panel that turns it on and off. */
export { PushPanel } from "./push-panel";
