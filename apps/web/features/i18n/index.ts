/** The page's language on the client: the provider, its hooks and the language switches. */
export { I18nProvider, useI18n, useT } from "./i18n-provider";
export { LanguageMenuItems } from "./language-menu-items";
export { LanguageSelect } from "./language-select";
