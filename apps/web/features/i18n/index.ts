/** The page's language on the client: the provider, its hooks and the language switch. */
export { I18nProvider, useI18n, useT } from "./i18n-provider";
export { LanguageSelect } from "./language-select";
