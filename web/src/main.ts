// Routes: `/` is the home page, `/game/ID` the game page (`?seat=TOKEN` to play,
// `?invite=TOKEN` to take up an invitation).

import "./style.css";
import { GamePage } from "./game";
import { homePage } from "./home";
import { loadToken, rememberLinkToken } from "./storage";

const root = document.getElementById("app") as HTMLElement;
const match = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
if (match) {
  const params = new URLSearchParams(location.search);
  const id = decodeURIComponent(match[1]);
  const linked = params.get("seat");
  if (linked && rememberLinkToken(id, linked)) {
    // Out of the address bar (and so of the history and of anything shared from it).
    const url = new URL(location.href);
    url.searchParams.delete("seat");
    history.replaceState(null, "", url.toString());
  }
  const seat = linked ?? (params.has("watch") || params.has("invite") ? null : loadToken(id));
  const page = new GamePage(root, id, seat);
  void page.start(params.get("invite"));
} else {
  void homePage(root);
}
