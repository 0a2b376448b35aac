import { mainProduct } from "./support/main-product";
import { buildAsNpmStartDoes } from "./support/start-build";

/**
 * Before any test: the apps built as `npm start` builds them (support/start-build.ts), then
 * the main product started, its backends together and then its agent and web. Returns the
 * teardown that stops it after the last test.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  buildAsNpmStartDoes();
  const product = mainProduct();
  try {
    await product.startAll();
  } catch (error) {
    await product.stopAll();
    throw error;
  }
  return () => product.stopAll();
}
