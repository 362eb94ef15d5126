use rules::{Position, VariantId};
use std::time::Instant;

#[test]
#[ignore]
fn speed() {
    let v = VariantId::Chess.rules().unwrap();
    let p = Position::start(v);
    let t = Instant::now();
    let n = p.perft(6);
    let s = t.elapsed().as_secs_f64();
    println!("chess 6 {n} {:.2}s {:.1}M nps", s, n as f64 / s / 1e6);
    let w = Position::start(VariantId::Wildebeest.rules().unwrap());
    let t = Instant::now();
    let n = w.perft(5);
    let s = t.elapsed().as_secs_f64();
    println!("wb 5 {n} {:.2}s {:.1}M nps", s, n as f64 / s / 1e6);
}
