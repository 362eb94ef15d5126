//! The `GAME` object of docs/api.md: everything the page draws, built from the kernel's
//! game and the stored header. Legal turns are listed only for the seat on move.

use crate::live_game::LiveGame;
use crate::seats::{Seat, color_name};
use crate::variants::{display_name, rules_map};
use rules::variant::Beast;
use rules::{Bitboard, Color, Move, MoveKind, Owed, Position, Role, Turn};
use rules::{chance, fen, pgn, san, uci_move};
use serde_json::{Map, Value, json};

fn names(pos: &Position, squares: Bitboard) -> Vec<String> {
    let geo = pos.geometry();
    squares.map(|sq| geo.name(sq)).collect()
}

fn board(pos: &Position) -> Value {
    let geo = pos.geometry();
    let battle = pos.variant().battle.as_ref();
    let by_color = |f: fn(&rules::battle_board::BattleBoard) -> [Bitboard; 2]| match battle {
        Some(b) => {
            let [w, k] = f(b);
            json!({"white": names(pos, w), "black": names(pos, k)})
        }
        None => json!({"white": [], "black": []}),
    };
    json!({
        "files": geo.files,
        "ranks": geo.ranks,
        "holes": names(pos, geo.holes),
        "walls": by_color(|b| b.walls),
        "home_rows": by_color(|b| b.home_rows),
        "field": battle.map_or_else(Vec::new, |b| names(pos, b.field)),
    })
}

fn move_kind(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Normal | MoveKind::EnPassant => "move",
        MoveKind::Promotion(_) => "promotion",
        MoveKind::Castle => "castle",
        MoveKind::Drop(_) => "drop",
        MoveKind::Swap => "swap",
        MoveKind::Crown => "crown",
    }
}

fn legal_entry(pos: &Position, m: Move) -> Value {
    let geo = pos.geometry();
    let letter = |r: Role| r.upper_char().to_string();
    let drop = match m.kind {
        MoveKind::Drop(r) => Some(letter(r)),
        _ => None,
    };
    json!({
        "uci": uci_move::write(pos, m),
        "san": san::write(pos, m),
        "from": if drop.is_some() { None } else { Some(geo.name(m.from)) },
        "to": geo.name(m.to),
        "drop": drop,
        "promotion": m.promotion().map(letter),
        "kind": move_kind(m.kind),
    })
}

fn piece_json(pos: &Position, sq: rules::Square, piece: rules::Piece) -> Value {
    json!({
        "square": pos.geometry().name(sq),
        "color": color_name(piece.color),
        "letter": piece.fen_char().to_string(),
    })
}

fn history(live: &LiveGame) -> Vec<Value> {
    let game = &live.game;
    let positions = game.positions();
    game.turns()
        .iter()
        .enumerate()
        .map(|(i, turn)| {
            let pos = &positions[i];
            let after = fen::write(&positions[i + 1]);
            match *turn {
                Turn::Move(m) => json!({
                    "ply": i + 1,
                    "uci": uci_move::write(pos, m),
                    "san": san::write(pos, m),
                    "color": color_name(pos.turn()),
                    "kind": "move",
                    "path": [],
                    "trampled": [],
                    "fen": after,
                }),
                Turn::Roll(outcome) => {
                    let trample = pos.clone().apply_chance(outcome).unwrap_or_default();
                    let geo = pos.geometry();
                    json!({
                        "ply": i + 1,
                        "uci": chance::write_token(pos, outcome),
                        "san": pgn::roll_annotation(pos, outcome),
                        "color": null,
                        "kind": "roll",
                        "path": trample.path.iter().map(|&s| geo.name(s)).collect::<Vec<_>>(),
                        "trampled": trample.trampled.iter().map(|&(s, p)| piece_json(pos, s, p)).collect::<Vec<_>>(),
                        "fen": after,
                    })
                }
            }
        })
        .collect()
}

/// For each square the beast can enter on its next roll, the chance it is trampled.
fn trample_odds(pos: &Position) -> Value {
    if pos.beast_square().is_none() {
        return Value::Null;
    }
    let geo = pos.geometry();
    let map: Map<String, Value> = pos
        .trample_odds()
        .iter()
        .map(|(sq, p)| (geo.name(sq), json!(p)))
        .collect();
    Value::Object(map)
}

fn hands(pos: &Position) -> Value {
    if !pos.variant().hands {
        return Value::Null;
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
    json!({"white": side(Color::White), "black": side(Color::Black)})
}

/// The `GAME` object as `seat` sees it at `now`.
pub fn render(live: &LiveGame, seat: Option<Seat>, now: i64) -> Value {
    let pos = live.game.position();
    let variant = pos.variant();
    let geo = pos.geometry();
    let over = live.is_over();
    let owed = if over || live.row.status != "playing" && live.row.status != "waiting" {
        "over"
    } else {
        match live.game.owed() {
            Owed::Move(_) => "move",
            Owed::Roll => "roll",
            Owed::Over(_) => "over",
        }
    };
    let legal: Vec<Value> = match live.game.owed() {
        Owed::Move(c) if live.row.status == "playing" && seat.is_some_and(|s| s.holds(c)) => pos
            .legal_moves()
            .iter()
            .map(|&m| legal_entry(pos, m))
            .collect(),
        _ => Vec::new(),
    };
    let rolls: Vec<Value> = if owed == "roll" && live.row.dice == "physical" {
        pos.chance_outcomes()
            .into_iter()
            .map(|(o, _)| {
                json!({"token": chance::write_token(pos, o), "text": pgn::roll_annotation(pos, o)})
            })
            .collect()
    } else {
        Vec::new()
    };
    let pieces: Vec<Value> = geo
        .board
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
        .map(|(sq, p)| {
            let mut v = piece_json(pos, sq, p);
            v["role"] = json!(p.role.name());
            v
        })
        .collect();
    let clock = live.clock.as_ref().map(|c| {
        let [w, b] = c.reading(now);
        json!({
            "white_ms": w,
            "black_ms": b,
            "running": c.running().map(color_name),
            "initial_ms": c.initial_ms,
            "increment_ms": c.increment_ms,
        })
    });
    json!({
        "id": live.row.id,
        "variant": live.variant.name(),
        "name": display_name(live.variant),
        "rules": rules_map(live.variant, &live.row.rules),
        "board": board(pos),
        "fen": fen::write(pos),
        "ply": live.ply(),
        "pieces": pieces,
        "beast": pos.beast_square().map(|s| geo.name(s)),
        "beast_kind": variant.beast.map(|b| match b {
            Beast::Behemoth => "behemoth",
            Beast::Juggernaut => "juggernaut",
        }),
        "hands": hands(pos),
        "to_move": color_name(pos.turn()),
        "owed": owed,
        "legal": legal,
        "rolls": rolls,
        "history": history(live),
        "trample_odds": trample_odds(pos),
        "status": live.row.status,
        "result": live.row.result,
        "reason": live.row.reason,
        "clock": clock,
        "dice": live.row.dice,
        "seed_commitment": dice::seed_commitment(live.seed),
        "seed": if over { Some(live.seed.to_string()) } else { None },
        "players": {"white": live.row.white_player, "black": live.row.black_player},
        "offers": {"draw": live.row.draw_offer, "takeback": live.row.takeback_offer},
        "you": seat.map(Seat::name),
    })
}
