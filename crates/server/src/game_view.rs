//! The `GAME` object of docs/api.md: everything the page draws, built from the kernel's
//! game and the stored header. Legal turns are listed only for the seat on move.

use crate::contract::{
    self, BeastKind, BoardShape, ClockState, EntryKind, Game, HistoryEntry, LegalTurn, Offers,
    PerSide, PieceOnBoard, RollChoice, Side, Trampled, TurnKind, You,
};
use crate::live_game::LiveGame;
use crate::seats::Seat;
use crate::variants::{display_name, rules_map};
use rules::options::HomeRows;
use rules::variant::Beast;
use rules::{Bitboard, Color, Move, MoveKind, Owed, Position, Role, Turn};
use rules::{chance, fen, pgn, san, uci_move};
use std::collections::BTreeMap;

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

fn legal_entry(pos: &Position, m: Move) -> LegalTurn {
    let geo = pos.geometry();
    let letter = |r: Role| r.upper_char().to_string();
    let drop = match m.kind {
        MoveKind::Drop(r) => Some(letter(r)),
        _ => None,
    };
    LegalTurn {
        uci: uci_move::write(pos, m),
        san: san::write(pos, m),
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

fn history(live: &LiveGame) -> Vec<HistoryEntry> {
    let game = &live.game;
    let positions = game.positions();
    game.turns()
        .iter()
        .enumerate()
        .map(|(i, turn)| {
            let pos = &positions[i];
            let fen = fen::write(&positions[i + 1]);
            match *turn {
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
        })
        .collect()
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

/// The `GAME` object as `seat` sees it at `now`.
pub fn render(live: &LiveGame, seat: Option<Seat>, now: i64) -> Game {
    let pos = live.game.position();
    let variant = pos.variant();
    let geo = pos.geometry();
    let status = live.status();
    let owed = match (status, live.game.owed()) {
        (contract::Status::Over, _) | (_, Owed::Over(_)) => contract::Owed::Over,
        (_, Owed::Move(_)) => contract::Owed::Move,
        (_, Owed::Roll) => contract::Owed::Roll,
    };
    let legal = match live.game.owed() {
        Owed::Move(c)
            if status == contract::Status::Playing && seat.is_some_and(|s| s.holds(c)) =>
        {
            pos.legal_moves()
                .iter()
                .map(|&m| legal_entry(pos, m))
                .collect()
        }
        _ => Vec::new(),
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
            role: p.role.name().to_string(),
            letter: p.fen_char().to_string(),
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
        }
    });
    Game {
        id: live.row.id.clone(),
        variant: live.variant.name().to_string(),
        name: display_name(live.variant).to_string(),
        rules: rules_map(live.variant, &live.row.rules),
        board: board(pos),
        start_fen: fen::write(&live.game.positions()[0]),
        fen: fen::write(pos),
        ply: live.ply(),
        pieces,
        beast: pos.beast_square().map(|s| geo.name(s)),
        beast_kind: variant.beast.map(|b| match b {
            Beast::Behemoth => BeastKind::Behemoth,
            Beast::Juggernaut => BeastKind::Juggernaut,
        }),
        hands: hands(pos),
        to_move: pos.turn().into(),
        owed,
        legal,
        rolls,
        history: history(live),
        trample_odds: trample_odds(pos),
        status,
        result: live.row.result.clone(),
        reason: live.row.reason.clone(),
        clock,
        dice: live.dice(),
        seed_commitment: live.row.seed.commitment(),
        entropy: PerSide {
            white: live.row.seed.entropy[0].clone(),
            black: live.row.seed.entropy[1].clone(),
        },
        seed: (status == contract::Status::Over).then(|| live.row.seed.server.to_string()),
        dice_seed: (status == contract::Status::Over).then(|| live.seed.to_string()),
        players: live.players(),
        offers: Offers {
            draw: live.draw_offer(),
            takeback: live.takeback_offer(),
        },
        you: seat.map(you),
    }
}
