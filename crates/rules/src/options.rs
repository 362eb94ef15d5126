//! Rule options (rules.md, marked **option**): the same keys and values on the command
//! line (`--rule KEY=VALUE`), in UCI options, the web API and PGN's `[Rules "..."]` tag.

use crate::error::OptionError;
use crate::square::Square;
use crate::variant::VariantId;
use std::fmt;

/// What the Juggernaut does when its step would leave the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum JuggernautEdge {
    /// The board wraps around (toroidal), as for the Behemoth.
    #[default]
    Wrap,
    /// The step is lost; the Juggernaut stays.
    Stay,
    /// The die is rolled again until the step stays on the board.
    Reroll,
}

/// Where the Juggernaut starts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum JuggernautStart {
    /// A uniformly random empty square.
    #[default]
    Random,
    /// Uniformly one of d4, e4, d5, e5.
    Center,
    /// This square.
    Square(Square),
}

/// Battle Chieftain: may unmoved berserkers be captured?
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum HomeRows {
    #[default]
    Sanctuary,
    Open,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RuleOptions {
    pub juggernaut_edge: JuggernautEdge,
    pub juggernaut_start: JuggernautStart,
    pub home_rows: HomeRows,
}

/// One rule option of a variant: its key, the words it takes (the default first), whether
/// a square name is also a value, and a line for people.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OptionSpec {
    pub key: &'static str,
    pub values: &'static [&'static str],
    pub takes_square: bool,
    pub description: &'static str,
}

impl OptionSpec {
    pub fn default_value(&self) -> &'static str {
        self.values[0]
    }
}

const JUGGERNAUT_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "juggernaut-start",
        values: &["random", "center"],
        takes_square: true,
        description: "random, center or a square such as d4",
    },
    OptionSpec {
        key: "juggernaut-edge",
        values: &["wrap", "stay", "reroll"],
        takes_square: false,
        description: "wrap, stay or reroll",
    },
];

const BATTLE_OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "home-rows",
    values: &["sanctuary", "open"],
    takes_square: false,
    description: "sanctuary or open",
}];

/// The options each variant takes.
pub fn specs(id: VariantId) -> &'static [OptionSpec] {
    match id {
        VariantId::Juggernaut => JUGGERNAUT_OPTIONS,
        VariantId::BattleChieftain
        | VariantId::BattleChieftainFarWalls
        | VariantId::BattleChieftainDifferingField
        | VariantId::BattleChieftainUnevenField => BATTLE_OPTIONS,
        _ => &[],
    }
}

/// The keys each variant takes, with their descriptions.
pub fn keys(id: VariantId) -> Vec<(&'static str, &'static str)> {
    specs(id).iter().map(|s| (s.key, s.description)).collect()
}

impl RuleOptions {
    /// Applies one `KEY=VALUE` setting for variant `id`.
    pub fn set(&mut self, id: VariantId, setting: &str) -> Result<(), OptionError> {
        let (key, value) = setting
            .split_once('=')
            .ok_or_else(|| OptionError(format!("rule option '{setting}' is not KEY=VALUE")))?;
        let known = specs(id);
        let Some(spec) = known.iter().find(|s| s.key == key) else {
            return Err(OptionError(if known.is_empty() {
                format!("unknown rule option '{key}': {id} has no rule options")
            } else {
                let names: Vec<&str> = known.iter().map(|s| s.key).collect();
                format!(
                    "unknown rule option '{key}' for {id} (it has {})",
                    names.join(", ")
                )
            }));
        };
        let bad = || {
            OptionError(format!(
                "rule option {key} cannot be '{value}' (allowed: {})",
                spec.description
            ))
        };
        match key {
            "juggernaut-edge" => {
                self.juggernaut_edge = match value {
                    "wrap" => JuggernautEdge::Wrap,
                    "stay" => JuggernautEdge::Stay,
                    "reroll" => JuggernautEdge::Reroll,
                    _ => return Err(bad()),
                }
            }
            "juggernaut-start" => {
                self.juggernaut_start = match value {
                    "random" => JuggernautStart::Random,
                    "center" => JuggernautStart::Center,
                    square => {
                        let geometry =
                            &id.rules().map_err(|e| OptionError(e.to_string()))?.geometry;
                        JuggernautStart::Square(geometry.parse_square(square).ok_or_else(bad)?)
                    }
                }
            }
            "home-rows" => {
                self.home_rows = match value {
                    "sanctuary" => HomeRows::Sanctuary,
                    "open" => HomeRows::Open,
                    _ => return Err(bad()),
                }
            }
            _ => unreachable!("every key of keys() is handled"),
        }
        Ok(())
    }

    /// Reads settings such as `juggernaut-edge=stay`, separated by spaces or commas (the
    /// PGN `[Rules]` tag).
    pub fn parse(id: VariantId, text: &str) -> Result<RuleOptions, OptionError> {
        let mut options = RuleOptions::default();
        for setting in text.split([' ', ',']).filter(|s| !s.is_empty()) {
            options.set(id, setting)?;
        }
        Ok(options)
    }

    /// The settings that differ from the defaults, as `KEY=VALUE` separated by spaces.
    pub fn describe(&self, id: VariantId) -> String {
        let mut out = Vec::new();
        let geometry = id.rules().ok().map(|v| &v.geometry);
        if id == VariantId::Juggernaut {
            match self.juggernaut_edge {
                JuggernautEdge::Wrap => {}
                JuggernautEdge::Stay => out.push("juggernaut-edge=stay".to_string()),
                JuggernautEdge::Reroll => out.push("juggernaut-edge=reroll".to_string()),
            }
            match self.juggernaut_start {
                JuggernautStart::Random => {}
                JuggernautStart::Center => out.push("juggernaut-start=center".to_string()),
                JuggernautStart::Square(sq) => {
                    if let Some(g) = geometry {
                        out.push(format!("juggernaut-start={}", g.name(sq)));
                    }
                }
            }
        }
        let has_home_rows = specs(id).iter().any(|s| s.key == "home-rows");
        if has_home_rows && self.home_rows == HomeRows::Open {
            out.push("home-rows=open".to_string());
        }
        out.join(" ")
    }
}

impl fmt::Display for JuggernautEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JuggernautEdge::Wrap => "wrap",
            JuggernautEdge::Stay => "stay",
            JuggernautEdge::Reroll => "reroll",
        })
    }
}
