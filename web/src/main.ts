// Routes: `/` is the home page, `/game/ID` the game page (`?seat=TOKEN` to play,
// `?invite=TOKEN` to take up an invitation), `/rules/ID` a variant's rules, `/review/ID` a
// finished game's review, `/analysis` the analysis board, `/account`, `/my-games`, `/player/NAME` and
// `/leaderboard/ID` the players' pages.

import "./style.css";
import { analysisPage } from "./analysis-page";
import { GamePage } from "./game";
import { homePage } from "./home";
import { myGamesPage } from "./my-games";
import { accountPage, leaderboardPage, profilePage } from "./players";
import { reviewPage } from "./review-page";
import { rulesPage } from "./rules-page";
import { loadToken, rememberLinkToken } from "./storage";

// Whether the player is on the keyboard or the mouse: the board takes focus by script when
// clicked, which Chromium counts as :focus-visible, so its outline follows this instead.
document.addEventListener("keydown", () => (document.documentElement.dataset.input = "keyboard"), true);
document.addEventListener("pointerdown", () => (document.documentElement.dataset.input = "pointer"), true);

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
} else if (/^\/account\/?$/.test(location.pathname)) {
  void accountPage(root);
} else if (/^\/my-games\/?$/.test(location.pathname)) {
  void myGamesPage(root);
} else if (/^\/player\/([^/]+)\/?$/.test(location.pathname)) {
  void profilePage(root, decodeURIComponent(location.pathname.split("/")[2]));
} else if (/^\/leaderboard\/([^/]+)\/?$/.test(location.pathname)) {
  void leaderboardPage(root, decodeURIComponent(location.pathname.split("/")[2]));
} else if (/^\/analysis\/?$/.test(location.pathname)) {
  void analysisPage(root);
} else if (/^\/review\/([^/]+)\/?$/.test(location.pathname)) {
  void reviewPage(root, decodeURIComponent(location.pathname.split("/")[2]));
} else if (/^\/rules\/([^/]+)\/?$/.test(location.pathname)) {
  void rulesPage(root, decodeURIComponent(location.pathname.split("/")[2]));
} else {
  void homePage(root);
}
