// The SVG board: every board shape of the nine variants (holes, walls, home rows, field),
// pieces from our own set, highlights, trample-odds shading, and pointer input that turns
// into square clicks or drags. It draws what it is told; the game page decides what.

import type { BeastKind, BoardShape, RoleInfo, Trampled } from "./api";
import type { FenPiece } from "./fen";
import { pieceMarkup, roleOfLetter, type Role } from "./pieces";
import { parseSquare, squareName } from "./squares";

const S = 100;

export interface BoardScene {
  /** The variant's roles, to read FEN letters. */
  roles: readonly RoleInfo[];
  shape: BoardShape;
  pieces: Map<string, FenPiece>;
  beast: string | null;
  beastKind: BeastKind | null;
  flipped: boolean;
  lastMove: string[];
  selected: string | null;
  destinations: Set<string>;
  movable: Set<string>;
  cursor: string | null;
  odds: Record<string, number> | null;
  path: string[];
  trampled: Trampled[];
  /** The square the beast has just entered: its trampled piece is drawn fading. */
  trampling: string | null;
  /** A premove waiting (its two squares), or a piece picked for one. */
  premove?: string[];
  /** Battle Chieftain: the home-row squares still held by unmoved berserkers (null: all). */
  sanctuary: Set<string> | null;
}

export interface BoardInput {
  onSquare(square: string): void;
  onDrag(from: string, to: string): void;
  /** A right click or right drag began (the page cancels a premove). */
  onRightButton?(): void;
}

/** An arrow the player drew from one square to another, or a circle when `from === to`. */
export interface Mark {
  from: string;
  to: string;
}

type SquareKind = "hole" | "wall-white" | "wall-black" | "home-white" | "home-black" | "field";

export class BoardView {
  readonly svg: SVGSVGElement;
  private scene: BoardScene | null = null;
  private drag: { from: string; pointerId: number; startX: number; startY: number; moved: boolean } | null =
    null;
  private ghost: SVGGElement | null = null;
  /** The arrows and circles drawn with the right button; a left click clears them. */
  marks: Mark[] = [];
  private marking: string | null = null;

  /** Without `input`, a picture of a position (a diagram) that takes no input. */
  constructor(
    container: HTMLElement,
    private readonly input: BoardInput | null,
    label = "Board. Arrow keys move the cursor, Enter selects.",
  ) {
    this.svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    this.svg.classList.add("board");
    this.svg.setAttribute("aria-label", label);
    container.appendChild(this.svg);
    if (!input) {
      this.svg.setAttribute("role", "img");
      return;
    }
    this.svg.setAttribute("tabindex", "0");
    this.svg.setAttribute("role", "application");
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
    this.svg.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  render(scene: BoardScene): void {
    this.scene = scene;
    const { files, ranks } = scene.shape;
    this.svg.setAttribute("viewBox", `0 0 ${files * S} ${ranks * S}`);
    this.svg.dataset.files = String(files);
    this.svg.dataset.ranks = String(ranks);
    this.svg.dataset.flipped = String(scene.flipped);
    this.svg.style.setProperty("--aspect", String(files / ranks));
    this.svg.parentElement?.style.setProperty("--aspect", String(files / ranks));
    const kinds = squareKinds(scene.shape, scene.sanctuary);
    const parts: string[] = [DEFS];
    const maxOdds = scene.odds ? Math.max(0.0001, ...Object.values(scene.odds)) : 1;
    // a chance every square shares (the Juggernaut's teleport) is said once, beside the toggle
    const floor = scene.odds ? sharedOdds(scene.odds) : null;
    const pathSet = new Set(scene.path);
    const labels: string[] = [];
    for (let rank = 0; rank < ranks; rank++) {
      for (let file = 0; file < files; file++) {
        const sq = squareName(file, rank);
        const { x, y } = this.origin(file, rank);
        const kind = kinds.get(sq) ?? "field";
        const classes = ["sq", kind];
        if (scene.movable.has(sq)) classes.push("movable");
        if (scene.destinations.has(sq)) classes.push("dest");
        parts.push(
          `<rect class="${classes.join(" ")}" data-square="${sq}" x="${x}" y="${y}" width="${S}" height="${S}" fill="${squareFill(kind, file, rank)}"/>`,
        );
        if (kind === "wall-white" || kind === "wall-black")
          parts.push(`<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="url(#${kind})" pointer-events="none"/>`);
        if (kind === "hole")
          parts.push(
            `<path d="M${x + 30} ${y + 30} L${x + 70} ${y + 70} M${x + 70} ${y + 30} L${x + 30} ${y + 70}" stroke="#4a4a4a" stroke-width="4" pointer-events="none"/>`,
          );
        if (scene.lastMove.includes(sq)) parts.push(overlay(x, y, "rgba(235, 200, 40, 0.45)"));
        if (pathSet.has(sq)) parts.push(overlay(x, y, "rgba(200, 60, 20, 0.35)"));
        if (scene.selected === sq) parts.push(overlay(x, y, "rgba(40, 120, 220, 0.45)"));
        if (scene.premove?.includes(sq))
          parts.push(
            `<rect class="premove-sq" data-square="${sq}" x="${x}" y="${y}" width="${S}" height="${S}" fill="rgba(200, 40, 160, 0.4)" pointer-events="none"/>`,
          );
        if (scene.odds && scene.odds[sq] !== undefined) {
          const p = scene.odds[sq];
          const onlyShared = floor !== null && p === floor;
          const alpha = onlyShared ? 0.06 : 0.12 + 0.55 * (p / maxOdds);
          parts.push(
            `<rect class="odds" data-odds="${p}" x="${x}" y="${y}" width="${S}" height="${S}" fill="rgba(210, 20, 20, ${alpha.toFixed(3)})" pointer-events="none"/>`,
          );
          if (!onlyShared)
            labels.push(
              `<text x="${x + S - 5}" y="${y + 22}" class="odds-label" text-anchor="end" pointer-events="none">${formatOdds(p)}</text>`,
            );
        }
      }
    }
    for (const [sq, piece] of scene.pieces) {
      const role = roleOfLetter(piece.letter, scene.roles);
      if (role) parts.push(this.pieceAt(sq, role, piece.white, "piece"));
    }
    for (const t of scene.trampled) {
      const role = roleOfLetter(t.letter, scene.roles);
      const cls = t.square === scene.trampling ? "piece trampled fresh" : "piece trampled";
      if (role) parts.push(this.pieceAt(t.square, role, t.color === "white", cls));
    }
    if (scene.beast && scene.beastKind) parts.push(this.pieceAt(scene.beast, scene.beastKind, true, "piece beast"));
    for (const sq of scene.destinations) {
      const c = parseSquare(sq);
      if (!c) continue;
      const { x, y } = this.origin(c.file, c.rank);
      const occupied = scene.pieces.has(sq);
      parts.push(
        occupied
          ? `<circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.44}" fill="none" stroke="rgba(20, 90, 200, 0.7)" stroke-width="7" pointer-events="none"/>`
          : `<circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.15}" fill="rgba(20, 90, 200, 0.6)" pointer-events="none"/>`,
      );
    }
    parts.push(this.coordinateLabels(files, ranks, kinds), ...labels, this.marksMarkup());
    if (scene.cursor) {
      const c = parseSquare(scene.cursor);
      if (c) {
        const { x, y } = this.origin(c.file, c.rank);
        parts.push(
          `<rect class="cursor" x="${x + 4}" y="${y + 4}" width="${S - 8}" height="${S - 8}" fill="none" stroke="#1f5fd0" stroke-width="8" stroke-dasharray="18 8" pointer-events="none"/>`,
        );
      }
    }
    this.svg.innerHTML = parts.join("");
    this.ghost = null;
    if (this.drag?.moved) this.hideDragOrigin();
  }

  /** The arrows and circles, drawn with the board's own squares (so the flip and every shape fit). */
  private marksMarkup(): string {
    const out: string[] = [];
    for (const m of this.marks) {
      const a = this.squareCenter(m.from);
      const b = this.squareCenter(m.to);
      if (!a || !b) continue;
      if (m.from === m.to) {
        out.push(
          `<circle class="mark-circle" data-square="${m.from}" cx="${a.x}" cy="${a.y}" r="${S * 0.45}" fill="none" stroke="rgba(21, 120, 27, 0.8)" stroke-width="${S * 0.07}"/>`,
        );
        continue;
      }
      // the shaft stops short of the centre so the head's point lands there
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const head = S * 0.4;
      const ux = (b.x - a.x) / len;
      const uy = (b.y - a.y) / len;
      const end = { x: b.x - ux * head, y: b.y - uy * head };
      const side = { x: -uy * S * 0.22, y: ux * S * 0.22 };
      out.push(
        `<g class="mark-arrow" data-from="${m.from}" data-to="${m.to}" data-x1="${a.x}" data-y1="${a.y}" data-x2="${b.x}" data-y2="${b.y}" fill="rgba(21, 120, 27, 0.8)" stroke="rgba(21, 120, 27, 0.8)">` +
          `<line x1="${a.x}" y1="${a.y}" x2="${end.x}" y2="${end.y}" stroke-width="${S * 0.16}" stroke-linecap="round"/>` +
          `<polygon stroke="none" points="${b.x},${b.y} ${end.x + side.x},${end.y + side.y} ${end.x - side.x},${end.y - side.y}"/></g>`,
      );
    }
    return `<g class="marks" pointer-events="none">${out.join("")}</g>`;
  }

  /** Adds the arrow (or circle), or takes it away when it is already there. */
  toggleMark(from: string, to: string): void {
    const i = this.marks.findIndex((m) => m.from === from && m.to === to);
    if (i >= 0) this.marks.splice(i, 1);
    else this.marks.push({ from, to });
    if (this.scene) this.render(this.scene);
  }

  clearMarks(): void {
    if (!this.marks.length) return;
    this.marks = [];
    if (this.scene) this.render(this.scene);
  }

  /** Where a square is drawn, in board units. */
  squareCenter(sq: string): { x: number; y: number } | null {
    const c = parseSquare(sq);
    if (!c) return null;
    const { x, y } = this.origin(c.file, c.rank);
    return { x: x + S / 2, y: y + S / 2 };
  }

  private origin(file: number, rank: number): { x: number; y: number } {
    const scene = this.scene!;
    const { files, ranks } = scene.shape;
    const col = scene.flipped ? files - 1 - file : file;
    const row = scene.flipped ? rank : ranks - 1 - rank;
    return { x: col * S, y: row * S };
  }

  private pieceAt(sq: string, role: Role, white: boolean, cls: string): string {
    const c = parseSquare(sq);
    if (!c) return "";
    const { x, y } = this.origin(c.file, c.rank);
    return `<g class="${cls}" data-piece-square="${sq}" data-role="${role}" data-white="${white}" transform="translate(${x} ${y})" pointer-events="none">${pieceMarkup(role, white)}</g>`;
  }

  private coordinateLabels(files: number, ranks: number, kinds: Map<string, SquareKind>): string {
    const scene = this.scene!;
    const out: string[] = [];
    const bottomRank = scene.flipped ? ranks - 1 : 0;
    const leftFile = scene.flipped ? files - 1 : 0;
    for (let file = 0; file < files; file++) {
      const { x, y } = this.origin(file, bottomRank);
      out.push(`<text class="coord file" x="${x + S - 4}" y="${y + S - 6}" text-anchor="end">${String.fromCharCode(97 + file)}</text>`);
    }
    for (let rank = 0; rank < ranks; rank++) {
      const { x, y } = this.origin(leftFile, rank);
      const dark = kinds.get(squareName(leftFile, rank)) === "hole";
      out.push(`<text class="coord rank${dark ? " on-hole" : ""}" x="${x + 4}" y="${y + 4}" dominant-baseline="hanging">${rank + 1}</text>`);
    }
    return `<g pointer-events="none">${out.join("")}</g>`;
  }

  private squareAt(clientX: number, clientY: number): string | null {
    const scene = this.scene;
    const matrix = this.svg.getScreenCTM();
    if (!scene || !matrix) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    const col = Math.floor(point.x / S);
    const row = Math.floor(point.y / S);
    const { files, ranks } = scene.shape;
    if (col < 0 || row < 0 || col >= files || row >= ranks) return null;
    const file = scene.flipped ? files - 1 - col : col;
    const rank = scene.flipped ? row : ranks - 1 - row;
    return squareName(file, rank);
  }

  private pointerDown(e: PointerEvent): void {
    if (e.button === 2) {
      this.marking = this.squareAt(e.clientX, e.clientY);
      this.input?.onRightButton?.();
      e.preventDefault();
      return;
    }
    if (e.button !== 0) return;
    this.clearMarks();
    const sq = this.squareAt(e.clientX, e.clientY);
    if (!sq) return;
    this.svg.focus({ preventScroll: true });
    if (this.scene?.movable.has(sq) && this.scene.pieces.has(sq)) {
      this.drag = { from: sq, pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, moved: false };
      this.svg.setPointerCapture?.(e.pointerId);
      e.preventDefault();
    } else {
      this.drag = { from: sq, pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, moved: false };
    }
  }

  private pointerMove(e: PointerEvent): void {
    const drag = this.drag;
    if (!drag || drag.pointerId !== e.pointerId || !this.scene?.movable.has(drag.from)) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) < 6) return;
    if (!drag.moved) {
      drag.moved = true;
      if (this.scene.selected !== drag.from) this.input?.onSquare(drag.from);
      this.hideDragOrigin();
    }
    this.moveGhost(e.clientX, e.clientY);
  }

  private pointerUp(e: PointerEvent): void {
    if (e.button === 2) {
      const from = this.marking;
      this.marking = null;
      const to = this.squareAt(e.clientX, e.clientY);
      if (from && to && !this.scene?.shape.holes.includes(from) && !this.scene?.shape.holes.includes(to))
        this.toggleMark(from, to);
      return;
    }
    const drag = this.drag;
    this.drag = null;
    if (!drag || drag.pointerId !== e.pointerId) return;
    const sq = this.squareAt(e.clientX, e.clientY);
    this.ghost?.remove();
    this.ghost = null;
    if (drag.moved) {
      if (sq && sq !== drag.from) this.input?.onDrag(drag.from, sq);
      else if (this.scene) this.render(this.scene);
    } else if (sq) {
      this.input?.onSquare(sq);
    }
  }

  private cancelDrag(): void {
    this.drag = null;
    this.ghost?.remove();
    this.ghost = null;
    if (this.scene) this.render(this.scene);
  }

  private hideDragOrigin(): void {
    const from = this.drag?.from;
    if (!from) return;
    const g = this.svg.querySelector(`g.piece[data-piece-square="${from}"]`);
    g?.setAttribute("opacity", "0.25");
  }

  private moveGhost(clientX: number, clientY: number): void {
    const scene = this.scene;
    const from = this.drag?.from;
    const matrix = this.svg.getScreenCTM();
    if (!scene || !from || !matrix) return;
    if (!this.ghost) {
      const piece = scene.pieces.get(from);
      const role = piece && roleOfLetter(piece.letter, scene.roles);
      if (!piece || !role) return;
      this.ghost = document.createElementNS("http://www.w3.org/2000/svg", "g");
      this.ghost.setAttribute("pointer-events", "none");
      this.ghost.classList.add("ghost");
      this.ghost.innerHTML = pieceMarkup(role, piece.white);
      this.svg.appendChild(this.ghost);
    }
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    this.ghost.setAttribute("transform", `translate(${p.x - S / 2} ${p.y - S / 2}) scale(1.08)`);
  }
}

function overlay(x: number, y: number, fill: string): string {
  return `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${fill}" pointer-events="none"/>`;
}

/** The chance most squares share, when more than half of them do (null otherwise). */
export function sharedOdds(odds: Record<string, number>): number | null {
  const counts = new Map<number, number>();
  const values = Object.values(odds);
  for (const p of values) counts.set(p, (counts.get(p) ?? 0) + 1);
  let best: number | null = null;
  let bestCount = 0;
  for (const [p, n] of counts)
    if (n > bestCount) {
      best = p;
      bestCount = n;
    }
  return bestCount * 2 > values.length ? best : null;
}

export function formatOdds(p: number): string {
  const pct = p * 100;
  return pct >= 10 ? `${pct.toFixed(0)}%` : pct >= 1 ? `${pct.toFixed(1)}%` : `${pct.toFixed(2)}%`;
}

function squareKinds(shape: BoardShape, sanctuary: Set<string> | null): Map<string, SquareKind> {
  const kinds = new Map<string, SquareKind>();
  const held = (sq: string) => !sanctuary || sanctuary.has(sq);
  for (const sq of shape.home_rows.white) if (held(sq)) kinds.set(sq, "home-white");
  for (const sq of shape.home_rows.black) if (held(sq)) kinds.set(sq, "home-black");
  for (const sq of shape.walls.white) kinds.set(sq, "wall-white");
  for (const sq of shape.walls.black) kinds.set(sq, "wall-black");
  for (const sq of shape.holes) kinds.set(sq, "hole");
  return kinds;
}

function squareFill(kind: SquareKind, file: number, rank: number): string {
  const light = (file + rank) % 2 === 1;
  switch (kind) {
    case "hole":
      return "#2e2e2e";
    case "wall-white":
      return light ? "#d8c49a" : "#c4ad7f";
    case "wall-black":
      return light ? "#8a7458" : "#76604a";
    case "home-white":
      return light ? "#f2e6b8" : "#e3d29a";
    case "home-black":
      return light ? "#b9aacb" : "#a593ba";
    case "field":
      return light ? "#eee4cc" : "#8fa97c";
  }
}

const DEFS = `<defs>
  <pattern id="wall-white" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <rect width="8" height="24" fill="rgba(255,255,255,0.35)"/></pattern>
  <pattern id="wall-black" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
    <rect width="8" height="24" fill="rgba(0,0,0,0.3)"/></pattern>
</defs>`;
