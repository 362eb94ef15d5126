//! Properties over random input: no reader panics on any string, and random games keep
//! the position's invariants (incremental key, FEN round trip, legal moves re-read, the
//! captures-only generator and the test for a legal turn agree with the full list).

use proptest::prelude::*;
use rules::{Game, MoveList, Owed, Position, VariantId, chance, fen, pgn, san, uci_move};

mod common;
use common::{Rng, playable};

/// Strings made of the characters FENs and moves are made of, so the readers get past
/// their first check often.
fn fen_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[rnbqkpcwRNBQKPCW*0-9/ wb\\-KQkqa-k@=+#xO\\[\\]]{0,90}")
        .unwrap()
}

/// Start FENs with a few characters changed.
fn mutated_fen() -> impl Strategy<Value = (VariantId, String)> {
    (
        playable(),
        prop::collection::vec((0usize..120, any::<char>()), 1..4),
    )
        .prop_map(|(id, edits)| {
            let mut chars: Vec<char> = id.rules().unwrap().start_fen.chars().collect();
            for (at, c) in edits {
                let at = at % chars.len();
                chars[at] = c;
            }
            (id, chars.into_iter().collect())
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn fen_reader_never_panics(id in playable(), text in any::<String>()) {
        let _ = fen::parse(id.rules().unwrap(), &text);
    }

    #[test]
    fn fen_reader_never_panics_on_fen_like_text(id in playable(), text in fen_like()) {
        let _ = fen::parse(id.rules().unwrap(), &text);
    }

    #[test]
    fn fen_reader_never_panics_on_mutated_fens((id, text) in mutated_fen()) {
        if let Ok(pos) = fen::parse(id.rules().unwrap(), &text) {
            // Whatever it accepts, it can play from.
            let _ = pos.perft(2);
            prop_assert_eq!(fen::parse(id.rules().unwrap(), &fen::write(&pos)).unwrap().key(), pos.key());
        }
    }

    #[test]
    fn move_readers_never_panic(id in playable(), text in any::<String>(), text2 in fen_like()) {
        let pos = Position::start(id.rules().unwrap());
        let _ = uci_move::parse(&pos, &text);
        let _ = san::parse(&pos, &text);
        let _ = uci_move::parse(&pos, &text2);
        let _ = san::parse(&pos, &text2);
    }

    #[test]
    fn pgn_reader_never_panics(text in any::<String>(), moves in fen_like()) {
        let _ = pgn::parse(&text);
        let _ = pgn::parse(&format!("[Variant \"wildebeest\"]\n\n{moves}"));
    }

    #[test]
    fn random_games_keep_their_invariants(id in playable(), seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let mut next = |n: usize| rng.below(n);
        let mut game = Game::new(Position::start(id.rules().unwrap()));
        let mut earlier: Vec<rules::Move> = Vec::new();
        for _ in 0..200 {
            let pos = game.position().clone();
            // The capture search's generator and the quick test for a legal turn agree
            // with the full list.
            let mut legal = pos.legal_moves();
            prop_assert_eq!(pos.has_legal_move(), !legal.is_empty(), "{}", fen::write(&pos));
            legal.retain(|m| pos.is_noisy(m));
            let mut noisy = MoveList::new();
            pos.generate_noisy(&mut noisy);
            prop_assert_eq!(noisy.as_slice(), legal.as_slice(), "{}", fen::write(&pos));
            // A move is legal here exactly when it is listed: this position's moves,
            // and the moves of the positions before it (as a transposition table could
            // hand them over).
            let all = pos.legal_moves();
            for &m in all.iter().chain(earlier.iter()) {
                prop_assert_eq!(pos.is_legal(m), all.contains(&m), "{} {:?}", fen::write(&pos), m);
            }
            earlier = all.iter().copied().collect();
            // A check is told before the move as it is after it.
            for &m in pos.legal_moves().iter() {
                let mut child = pos.clone();
                child.play(m);
                prop_assert_eq!(pos.gives_check(m), child.is_check(), "{}", fen::write(&pos));
            }
            match game.owed() {
                Owed::Over(_) => break,
                Owed::Roll => {
                    let outcomes = pos.chance_outcomes();
                    let total: f64 = outcomes.iter().map(|(_, p)| p.as_f64()).sum();
                    prop_assert!((total - 1.0).abs() < 1e-12);
                    let (outcome, _) = outcomes[next(outcomes.len())];
                    let token = chance::write_token(&pos, outcome);
                    prop_assert_eq!(chance::parse_token(&pos, &token).unwrap(), outcome);
                    game.roll(outcome).unwrap();
                }
                Owed::Move(_) => {
                    // The key kept turn by turn equals the key of the position read afresh.
                    let reread = fen::parse(pos.variant(), &fen::write(&pos)).unwrap();
                    prop_assert_eq!(reread.key(), pos.key(), "{}", fen::write(&pos));
                    prop_assert_eq!(fen::write(&reread), fen::write(&pos));
                    let legal = pos.legal_moves();
                    let m = legal.as_slice()[next(legal.len())];
                    prop_assert_eq!(uci_move::parse(&pos, &uci_move::write(&pos, m)).unwrap(), m);
                    prop_assert_eq!(san::parse(&pos, &san::write(&pos, m)).unwrap(), m);
                    game.play(m).unwrap();
                }
            }
        }
        let text = pgn::write(&game, &[]);
        let read = pgn::parse(&text).unwrap();
        prop_assert_eq!(read.game.turns(), game.turns(), "{}", text);
    }
}
