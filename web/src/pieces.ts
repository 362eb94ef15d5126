// Menagerie's own piece set, drawn for this project in a 100x100 box: simple flat shapes with
// a plinth, a light body for White and a dark one for Black. The two beasts are neutral and
// have colours of their own.

import type { RoleInfo } from "./api";

export type Role =
  | "king"
  | "queen"
  | "rook"
  | "bishop"
  | "knight"
  | "pawn"
  | "camel"
  | "wildebeest"
  | "berserker"
  | "behemoth"
  | "juggernaut";

interface Ink {
  body: string;
  line: string;
  detail: string;
}

const WHITE_INK: Ink = { body: "#fbf6ea", line: "#2a2a2a", detail: "#2a2a2a" };
const BLACK_INK: Ink = { body: "#33302d", line: "#111111", detail: "#e9e1cf" };

const plinth = (ink: Ink) =>
  `<path d="M22 92 V88 Q22 82 28 82 H72 Q78 82 78 88 V92 Z" fill="${ink.body}" stroke="${ink.line}"/>`;

const DRAWINGS: Record<Exclude<Role, "behemoth" | "juggernaut">, (ink: Ink) => string> = {
  pawn: (ink) =>
    `<path d="M41 46 Q50 52 59 46 L66 82 H34 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <circle cx="50" cy="34" r="13" fill="${ink.body}" stroke="${ink.line}"/>` + plinth(ink),
  rook: (ink) =>
    `<path d="M32 82 L35 42 H65 L68 82 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M28 42 V18 H38 V27 H45 V18 H55 V27 H62 V18 H72 V42 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M36 50 H64 M35 72 H65" stroke="${ink.detail}" fill="none"/>` + plinth(ink),
  bishop: (ink) =>
    `<path d="M40 70 H60 L67 82 H33 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M50 16 C68 32 67 54 59 64 H41 C33 54 32 32 50 16 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <rect x="38" y="63" width="24" height="7" rx="2" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M56 30 L45 45" stroke="${ink.detail}" stroke-width="4" fill="none"/>
     <circle cx="50" cy="12" r="5" fill="${ink.body}" stroke="${ink.line}"/>` + plinth(ink),
  knight: (ink) =>
    `<path d="M32 82 C33 72 38 66 43 60 C35 61 28 62 23 56 C19 50 22 44 29 39 L43 25 L45 12 L54 23
        C69 29 77 47 73 82 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M56 26 C64 34 68 48 67 64" stroke="${ink.detail}" fill="none"/>
     <circle cx="40" cy="36" r="3.5" fill="${ink.detail}"/>
     <circle cx="26" cy="52" r="2" fill="${ink.detail}"/>` + plinth(ink),
  queen: (ink) =>
    `<path d="M29 82 L20 36 L31 56 L35 29 L43 52 L50 24 L57 52 L65 29 L69 56 L80 36 L71 82 Z"
        fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M30 72 H70" stroke="${ink.detail}" fill="none"/>` +
    [
      [20, 33],
      [35, 26],
      [50, 20],
      [65, 26],
      [80, 33],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4.5" fill="${ink.body}" stroke="${ink.line}"/>`)
      .join("") +
    plinth(ink),
  king: (ink) =>
    `<path d="M30 82 C25 66 28 51 40 45 H60 C72 51 75 66 70 82 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M46 10 H54 V20 H63 V28 H54 V45 H46 V28 H37 V20 H46 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M31 70 H69 M36 56 Q50 62 64 56" stroke="${ink.detail}" fill="none"/>` + plinth(ink),
  camel: (ink) =>
    `<path d="M26 82 L29 63 C24 58 23 50 27 44 L18 37 C12 32 15 24 23 26 L31 31 C35 39 35 43 40 45
        C44 29 58 27 63 41 C69 33 80 38 80 51 L78 62 L79 82 H70 L68 66 H39 L36 82 Z"
        fill="${ink.body}" stroke="${ink.line}"/>
     <circle cx="21" cy="30" r="2.5" fill="${ink.detail}"/>
     <path d="M44 56 Q56 60 70 55" stroke="${ink.detail}" fill="none"/>` + plinth(ink),
  wildebeest: (ink) =>
    `<path d="M40 33 C28 33 18 25 21 10 C25 21 33 26 44 27 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M60 33 C72 33 82 25 79 10 C75 21 67 26 56 27 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M38 82 C40 74 44 72 44 70 C38 66 36 50 38 32 C42 25 58 25 62 32 C64 50 62 66 56 70
        C56 72 60 74 62 82 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <circle cx="44" cy="42" r="3" fill="${ink.detail}"/><circle cx="56" cy="42" r="3" fill="${ink.detail}"/>
     <path d="M45 62 H47 M53 62 H55 M42 74 Q50 80 58 74" stroke="${ink.detail}" fill="none"/>` +
    plinth(ink),
  berserker: (ink) =>
    `<rect x="46" y="18" width="8" height="64" rx="3" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M47 26 C38 16 25 17 20 28 C16 39 21 50 29 56 C34 47 41 42 47 43 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M53 26 C62 16 75 17 80 28 C84 39 79 50 71 56 C66 47 59 42 53 43 Z" fill="${ink.body}" stroke="${ink.line}"/>
     <path d="M27 32 C26 40 28 46 31 50 M73 32 C74 40 72 46 69 50" stroke="${ink.detail}" fill="none"/>
     <circle cx="50" cy="14" r="5" fill="${ink.body}" stroke="${ink.line}"/>` + plinth(ink),
};

function behemoth(): string {
  const body = "#6d7d3a";
  const line = "#2a2f14";
  return `<path d="M30 30 C22 22 20 12 26 6 C28 16 34 22 40 26 Z" fill="#efe6c8" stroke="${line}"/>
    <path d="M70 30 C78 22 80 12 74 6 C72 16 66 22 60 26 Z" fill="#efe6c8" stroke="${line}"/>
    <ellipse cx="50" cy="56" rx="38" ry="32" fill="${body}" stroke="${line}"/>
    <ellipse cx="50" cy="70" rx="20" ry="13" fill="#8c9c55" stroke="${line}"/>
    <circle cx="36" cy="46" r="6" fill="#fff8d0" stroke="${line}"/><circle cx="36" cy="46" r="2.5" fill="#b01010"/>
    <circle cx="64" cy="46" r="6" fill="#fff8d0" stroke="${line}"/><circle cx="64" cy="46" r="2.5" fill="#b01010"/>
    <circle cx="43" cy="69" r="2.5" fill="${line}"/><circle cx="57" cy="69" r="2.5" fill="${line}"/>
    <path d="M38 80 L36 92 L44 82 M62 80 L64 92 L56 82" fill="#efe6c8" stroke="${line}"/>`;
}

function juggernaut(): string {
  const line = "#3a1208";
  const spikes = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const p = (r: number, d: number) =>
      `${(50 + r * Math.cos(a + d)).toFixed(1)} ${(50 + r * Math.sin(a + d)).toFixed(1)}`;
    return `M${p(34, -0.16)} L${p(46, 0)} L${p(34, 0.16)}`;
  }).join(" ");
  const spokes = Array.from({ length: 6 }, (_, i) => {
    const a = (i * Math.PI) / 3 + Math.PI / 6;
    return `M50 50 L${(50 + 30 * Math.cos(a)).toFixed(1)} ${(50 + 30 * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  return `<path d="${spikes}" fill="#c9a227" stroke="${line}"/>
    <circle cx="50" cy="50" r="35" fill="#a3261b" stroke="${line}"/>
    <circle cx="50" cy="50" r="27" fill="#5c1610" stroke="${line}"/>
    <path d="${spokes}" stroke="#c9a227" stroke-width="5" fill="none"/>
    <circle cx="50" cy="50" r="9" fill="#c9a227" stroke="${line}"/>`;
}

/** The SVG markup of one piece in a 100x100 box (no outer <svg>). */
export function pieceMarkup(role: Role, white: boolean): string {
  if (role === "behemoth") return behemoth();
  if (role === "juggernaut") return juggernaut();
  const ink = white ? WHITE_INK : BLACK_INK;
  return `<g stroke-width="3" stroke-linejoin="round" stroke-linecap="round">${DRAWINGS[role](ink)}</g>`;
}

/** The role a FEN letter stands for among a variant's roles: `B` is a berserker in Battle Chieftain. */
export function roleOfLetter(letter: string, roles: readonly RoleInfo[]): Role | null {
  const upper = letter.toUpperCase();
  const found = roles.find((r) => r.letter === upper);
  return found && isRole(found.name) ? found.name : null;
}

function isRole(name: string): name is Role {
  return name in DRAWINGS;
}

/** A standalone SVG element of one piece, for buttons and the hand. */
export function pieceIcon(role: Role, white: boolean, size = 40): string {
  return `<svg class="piece-icon" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">${pieceMarkup(role, white)}</svg>`;
}
