/** The installable app: registers the service worker that shows notifications. */
export { ServiceWorkerRegistrar } from "./service-worker-registrar";
