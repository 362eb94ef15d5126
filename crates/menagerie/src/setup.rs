//! The arguments every position-reading command shares: `--variant`, `--fen`, `--rule`.

use anyhow::{Result, anyhow, bail};
use clap::Args;
use rules::{Position, VariantId, fen, uci_move};

#[derive(Args, Clone)]
pub struct PositionArgs {
    /// Variant id: chess, behemoth, juggernaut, behemoth-loop, battle-chieftain,
    /// battle-chieftain-far-walls, battle-chieftain-differing-field,
    /// battle-chieftain-uneven-field, wildebeest.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Position in FEN (default: the variant's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Rule option KEY=VALUE (repeatable): juggernaut-start, juggernaut-edge, home-rows.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Moves to play from the position first, in coordinate notation, separated by
    /// spaces (as after `position ... moves` in UCI).
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
}

/// The rule options of rules.md, with their allowed values.
fn rule_options(id: VariantId) -> &'static [(&'static str, &'static [&'static str])] {
    match id {
        VariantId::Juggernaut => &[
            ("juggernaut-start", &["random", "center", "<square>"]),
            ("juggernaut-edge", &["wrap", "stay", "reroll"]),
        ],
        VariantId::BattleChieftain
        | VariantId::BattleChieftainFarWalls
        | VariantId::BattleChieftainDifferingField
        | VariantId::BattleChieftainUnevenField => &[("home-rows", &["sanctuary", "open"])],
        _ => &[],
    }
}

fn check_rule(id: VariantId, text: &str) -> Result<()> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| anyhow!("rule option '{text}' is not KEY=VALUE"))?;
    let options = rule_options(id);
    let Some((_, values)) = options.iter().find(|(k, _)| *k == key) else {
        if options.is_empty() {
            bail!("unknown rule option '{key}': {id} has no rule options");
        }
        let keys: Vec<&str> = options.iter().map(|(k, _)| *k).collect();
        bail!(
            "unknown rule option '{key}' for {id} (it has {})",
            keys.join(", ")
        );
    };
    let square_ok = values.contains(&"<square>")
        && id
            .rules()
            .is_ok_and(|v| v.geometry.parse_square(value).is_some());
    if !values.contains(&value) && !square_ok {
        bail!(
            "rule option {key} cannot be '{value}' (allowed: {})",
            values.join(", ")
        );
    }
    Ok(())
}

impl PositionArgs {
    pub fn variant_id(&self) -> Result<VariantId> {
        let id: VariantId = self.variant.parse()?;
        for rule in &self.rules {
            check_rule(id, rule)?;
        }
        Ok(id)
    }

    pub fn position(&self) -> Result<Position> {
        let variant = self.variant_id()?.rules()?;
        let mut pos = match &self.fen {
            Some(text) => fen::parse(variant, text)?,
            None => Position::start(variant),
        };
        for (i, text) in self
            .moves
            .iter()
            .flat_map(|m| m.split_whitespace())
            .enumerate()
        {
            let m = uci_move::parse(&pos, text).map_err(|e| anyhow!("move {}: {e}", i + 1))?;
            pos.play(m);
        }
        Ok(pos)
    }
}
