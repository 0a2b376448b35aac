import { LogoutButton } from "./logout-button";

/** The small header of signed-in pages: product name, who is signed in, "Log out". */
export function AppHeader({ username }: { username?: string | undefined }) {
  return (
    <header className="app-header">
      <span className="app-header__title">Inquiry Hub</span>
      <span className="app-header__user">
        {username !== undefined && <span className="app-header__name">{username}</span>}
        <LogoutButton />
      </span>
    </header>
  );
}
