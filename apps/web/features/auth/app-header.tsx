import { LanguageSelect } from "../i18n/language-select";
import { YoloToggle } from "../settings/yolo-toggle";
import { LogoutButton } from "./logout-button";
import { NavLinks } from "./nav-links";

/**
 * The header of signed-in pages: product name, "Chat", "Inbox", "Devices", the YOLO switch,
 * the language, who, "Log out". Rendered inside the tab's HubSocketProvider, so the switch
 * stays live.
 */
export function AppHeader({ username }: { username?: string | undefined }) {
  return (
    <header className="app-header">
      <span className="app-header__title">Inquiry Hub</span>
      <NavLinks />
      <YoloToggle />
      <LanguageSelect />
      <span className="app-header__user">
        {username !== undefined && <span className="app-header__name">{username}</span>}
        <LogoutButton />
      </span>
    </header>
  );
}
