// Routes: `/` is the home page, `/game/ID` the game page (`?seat=TOKEN` to play,
// `?invite=TOKEN` to take up an invitation).

import "./style.css";
import { GamePage } from "./game";
import { homePage } from "./home";
import { loadToken } from "./storage";

const root = document.getElementById("app") as HTMLElement;
const match = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
if (match) {
  const params = new URLSearchParams(location.search);
  const id = decodeURIComponent(match[1]);
  const seat = params.get("seat") ?? (params.has("watch") || params.has("invite") ? null : loadToken(id));
  const page = new GamePage(root, id, seat);
  void page.start(params.get("invite"));
} else {
  void homePage(root);
}
