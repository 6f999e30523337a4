import { render } from "preact";
import { App } from "./app.js";
import { settings } from "./settings.js";
import "./styles/base.css";

document.documentElement.lang = settings.get().lang;
render(<App />, document.getElementById("app")!);

// Once loaded, the page keeps its files for offline play against the computer (see public/sw.js).
if ("serviceWorker" in navigator && location.protocol !== "file:" && import.meta.env.MODE === "production") {
  addEventListener("load", () => void navigator.serviceWorker.register("/sw.js").catch(() => undefined));
}
