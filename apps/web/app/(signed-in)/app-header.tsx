import { LogoutButton, NavLinks } from "@/features/auth";
import { LanguageSelect } from "@/features/i18n";
import { YoloToggle } from "@/features/settings";

/**
 * The header of signed-in pages: product name, "Chat", "Inbox", "Devices", the YOLO switch,
 * the language, who, "Log out". Rendered inside the tab's HubSocketProvider, so the switch
 * stays live. It belongs to the signed-in layout, not to a feature: it puts several features
 * (auth, settings, i18n) side by side.
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
