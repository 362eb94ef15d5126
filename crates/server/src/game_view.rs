//! The `GAME` object of docs/api.md: everything the page draws, built from the kernel's
//! game and the stored header, and the `GameUpdate` a socket receives after a change.
//! Legal turns are listed only for the seat on move. The history entries and the legal
//! turns are written once (`LiveGame` keeps them); a view only copies them.

use crate::contract::{
    self, BeastKind, BoardShape, ClockState, EntryKind, Game, GameUpdate, HistoryEntry, LegalTurn,
    Offers, PerSide, PieceOnBoard, RollChoice, Side, Trampled, TurnKind, You,
};
use crate::live_game::LiveGame;
use crate::seats::Seat;
use crate::variants::{display_name, rules_map};
use rules::options::HomeRows;
use rules::variant::Beast;
use rules::{Bitboard, Color, Move, MoveKind, Owed, Position, Role, Turn};
use rules::{chance, fen, pgn, san, uci_move};
use std::collections::BTreeMap;
use std::sync::Arc;

fn names(pos: &Position, squares: Bitboard) -> Vec<String> {
    let geo = pos.geometry();
    squares.map(|sq| geo.name(sq)).collect()
}

pub(crate) fn board(pos: &Position) -> BoardShape {
    let geo = pos.geometry();
    let battle = pos.variant().battle.as_ref();
    let by_color = |f: fn(&rules::battle_board::BattleBoard) -> [Bitboard; 2]| match battle {
        Some(b) => {
            let [w, k] = f(b);
            PerSide {
                white: names(pos, w),
                black: names(pos, k),
            }
        }
        None => PerSide {
            white: Vec::new(),
            black: Vec::new(),
        },
    };
    BoardShape {
        files: geo.files,
        ranks: geo.ranks,
        holes: names(pos, geo.holes),
        walls: by_color(|b| b.walls),
        home_rows: by_color(|b| b.home_rows),
        field: battle.map_or_else(Vec::new, |b| names(pos, b.field)),
        sanctuary: battle.is_some() && pos.options().home_rows == HomeRows::Sanctuary,
    }
}

fn turn_kind(pos: &Position, kind: MoveKind) -> TurnKind {
    match kind {
        MoveKind::Normal | MoveKind::EnPassant => TurnKind::Move,
        MoveKind::Promotion(_) => TurnKind::Promotion,
        MoveKind::Castle => TurnKind::Castle,
        MoveKind::Drop(_) if pos.variant().battle.is_some() => TurnKind::Placement,
        MoveKind::Drop(_) => TurnKind::Drop,
        MoveKind::Swap => TurnKind::Swap,
        MoveKind::Crown => TurnKind::Crown,
    }
}

fn legal_entry(pos: &Position, m: Move, legal: &[Move]) -> LegalTurn {
    let geo = pos.geometry();
    let letter = |r: Role| r.upper_char().to_string();
    let drop = match m.kind {
        MoveKind::Drop(r) => Some(letter(r)),
        _ => None,
    };
    LegalTurn {
        uci: uci_move::write(pos, m),
        san: san::write_among(pos, m, legal),
        from: if drop.is_some() {
            None
        } else {
            Some(geo.name(m.from))
        },
        to: geo.name(m.to),
        drop,
        promotion: m.promotion().map(letter),
        kind: turn_kind(pos, m.kind),
    }
}

fn trampled(pos: &Position, sq: rules::Square, piece: rules::Piece) -> Trampled {
    Trampled {
        square: pos.geometry().name(sq),
        color: piece.color.into(),
        letter: piece.fen_char().to_string(),
    }
}

/// The legal turns of `pos` with their SAN.
pub fn legal_turns(pos: &Position) -> Vec<LegalTurn> {
    let legal = pos.legal_moves();
    legal
        .iter()
        .map(|&m| legal_entry(pos, m, legal.as_slice()))
        .collect()
}

/// The history entry of the turn at index `i` of `game`'s record.
pub fn history_entry(game: &rules::Game, i: usize) -> HistoryEntry {
    let positions = game.positions();
    let pos = &positions[i];
    let fen = fen::write(&positions[i + 1]);
    match game.turns()[i] {
        Turn::Move(m) => HistoryEntry {
            ply: i + 1,
            uci: uci_move::write(pos, m),
            san: san::write(pos, m),
            color: Some(pos.turn().into()),
            kind: EntryKind::Move,
            meaning: None,
            path: Vec::new(),
            trampled: Vec::new(),
            fen,
        },
        Turn::Roll(outcome) => {
            let trample = pos.clone().apply_chance(outcome).unwrap_or_default();
            let geo = pos.geometry();
            HistoryEntry {
                ply: i + 1,
                uci: chance::write_token(pos, outcome),
                san: pgn::roll_annotation(pos, outcome),
                color: None,
                kind: EntryKind::Roll,
                meaning: Some(pos.roll_meaning(outcome)),
                path: trample.path.iter().map(|&s| geo.name(s)).collect(),
                trampled: trample
                    .trampled
                    .iter()
                    .map(|&(s, p)| trampled(pos, s, p))
                    .collect(),
                fen,
            }
        }
    }
}

/// For each square the beast can enter on its next roll, the chance it is trampled.
fn trample_odds(pos: &Position) -> Option<BTreeMap<String, f64>> {
    pos.beast_square()?;
    let geo = pos.geometry();
    Some(
        pos.trample_odds()
            .iter()
            .map(|(sq, p)| (geo.name(sq), p))
            .collect(),
    )
}

fn hands(pos: &Position) -> Option<PerSide<Vec<String>>> {
    if !pos.variant().hands {
        return None;
    }
    let side = |c: Color| -> Vec<String> {
        Role::ALL
            .iter()
            .flat_map(|&r| {
                let letter = rules::Piece::new(c, r).fen_char().to_string();
                std::iter::repeat_n(letter, pos.hand(c)[r.index()] as usize)
            })
            .collect()
    };
    Some(PerSide {
        white: side(Color::White),
        black: side(Color::Black),
    })
}

fn you(seat: Seat) -> You {
    match seat {
        Seat::One(Color::White) => You::White,
        Seat::One(Color::Black) => You::Black,
        Seat::Both => You::Both,
    }
}

/// The side whose seat is shown the legal turns: the side on move in a game playing.
pub fn mover(live: &LiveGame) -> Option<Color> {
    match live.game().owed() {
        Owed::Move(c) if live.status() == contract::Status::Playing => Some(c),
        _ => None,
    }
}

/// What the game is at `now` after a change whose history keeps its first `keep`
/// entries, as `seat` sees it.
pub fn update(live: &LiveGame, seat: Option<Seat>, keep: usize, now: i64) -> GameUpdate {
    let pos = live.game().position();
    let geo = pos.geometry();
    let status = live.status();
    let owed = match (status, live.game().owed()) {
        (contract::Status::Over, _) | (_, Owed::Over(_)) => contract::Owed::Over,
        (_, Owed::Move(_)) => contract::Owed::Move,
        (_, Owed::Roll) => contract::Owed::Roll,
    };
    let legal = match mover(live) {
        Some(c) if seat.is_some_and(|s| s.holds(c)) => live.legal().clone(),
        _ => Arc::from([]),
    };
    let rolls = if owed == contract::Owed::Roll && live.dice() == contract::DiceMode::Physical {
        pos.chance_outcomes()
            .into_iter()
            .map(|(o, _)| RollChoice {
                token: chance::write_token(pos, o),
                text: pgn::roll_annotation(pos, o),
            })
            .collect()
    } else {
        Vec::new()
    };
    let pieces = geo
        .board
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
        .map(|(sq, p)| PieceOnBoard {
            square: geo.name(sq),
            color: p.color.into(),
            role: p.role.name(),
            letter: p.fen_char(),
        })
        .collect();
    let clock = live.clock.as_ref().map(|c| {
        let [w, b] = c.reading(now);
        ClockState {
            white_ms: w,
            black_ms: b,
            running: c.running().map(Side::from),
            initial_ms: c.initial_ms,
            increment_ms: c.increment_ms,
            days_per_move: live.row.days_per_move,
        }
    });
    let history = live.history();
    let keep = keep.min(history.len());
    GameUpdate {
        version: live.row.version,
        keep,
        added: history[keep..].to_vec(),
        fen: fen::write(pos),
        ply: live.ply(),
        pieces,
        beast: pos.beast_square().map(|s| geo.name(s)),
        hands: hands(pos),
        to_move: pos.turn().into(),
        owed,
        legal,
        rolls,
        trample_odds: trample_odds(pos),
        status,
        result: live.row.result.clone(),
        reason: live.row.reason.clone(),
        clock,
        entropy: PerSide {
            white: live.row.seed.entropy[0].clone(),
            black: live.row.seed.entropy[1].clone(),
        },
        seed: (status == contract::Status::Over).then(|| live.row.seed.server.to_string()),
        dice_seed: (status == contract::Status::Over).then(|| live.seed.to_string()),
        offers: Offers {
            draw: live.draw_offer(),
            takeback: live.takeback_offer(),
            rematch: live.row.rematch_offer.map(Side::from),
        },
        next_game: live.row.next_game.clone(),
    }
}

/// The `GAME` object as `seat` sees it at `now`.
pub fn render(live: &LiveGame, seat: Option<Seat>, now: i64) -> Game {
    let pos = live.game().position();
    let u = update(live, seat, 0, now);
    Game {
        id: live.row.id.clone(),
        variant: live.variant.name().to_string(),
        name: display_name(live.variant).to_string(),
        rules: rules_map(live.variant, &live.row.rules),
        board: board(pos),
        start_fen: fen::write(&live.game().positions()[0]),
        fen: u.fen,
        ply: u.ply,
        pieces: u.pieces,
        beast: u.beast,
        beast_kind: pos.variant().beast.map(|b| match b {
            Beast::Behemoth => BeastKind::Behemoth,
            Beast::Juggernaut => BeastKind::Juggernaut,
        }),
        hands: u.hands,
        to_move: u.to_move,
        owed: u.owed,
        legal: u.legal,
        rolls: u.rolls,
        history: u.added,
        trample_odds: u.trample_odds,
        status: u.status,
        result: u.result,
        reason: u.reason,
        clock: u.clock,
        dice: live.dice(),
        seed_commitment: live.row.seed.commitment(),
        entropy: u.entropy,
        seed: u.seed,
        dice_seed: u.dice_seed,
        players: live.players(),
        offers: u.offers,
        next_game: u.next_game,
        you: seat.map(you),
        version: u.version,
    }
}
