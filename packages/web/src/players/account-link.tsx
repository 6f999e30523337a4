import { useUi } from "../ui.js";
import { playerTexts } from "./texts.js";

/** The way to the "Konto" page from the start page. */
export function AccountLink() {
  const ui = useUi();
  return (
    <p class="account-link">
      <a class="btn" href="#/account" data-action="account">
        {playerTexts(ui.lang)("account")}
      </a>
    </p>
  );
}
