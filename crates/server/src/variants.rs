//! The variants as the page lists them, from the rules kernel's catalog.

use crate::contract::{BeastKind, RoleInfo, RuleOption, StartPosition, VariantInfo};
use crate::game_view::board;
use rules::catalog::{self, VariantFacts};
use rules::variant::Beast;
use rules::{Position, RuleOptions, VariantId, fen};
use std::collections::BTreeMap;

pub fn display_name(id: VariantId) -> &'static str {
    catalog::facts(id).name
}

/// Every option of `id` with its value: the stored settings over the defaults.
pub fn rules_map(id: VariantId, settings: &str) -> BTreeMap<String, String> {
    let mut map: BTreeMap<String, String> = rules::options::specs(id)
        .iter()
        .map(|s| (s.key.to_string(), s.default_value().to_string()))
        .collect();
    for setting in settings.split_whitespace() {
        if let Some((key, value)) = setting.split_once('=') {
            map.insert(key.to_string(), value.to_string());
        }
    }
    map
}

fn info(facts: VariantFacts) -> VariantInfo {
    VariantInfo {
        id: facts.id.name().to_string(),
        name: facts.name.to_string(),
        summary: facts.summary.to_string(),
        description: facts.description.to_string(),
        options: facts
            .options
            .iter()
            .map(|s| RuleOption {
                key: s.key.to_string(),
                values: s.values.iter().map(|v| v.to_string()).collect(),
                default: s.default_value().to_string(),
                takes_square: s.takes_square,
                description: s.description.to_string(),
            })
            .collect(),
        dice: facts.dice,
        hands: facts.hands,
        placement: facts.placement,
        sanctuary: facts.sanctuary,
        walls: facts.walls,
        roles: facts
            .roles
            .iter()
            .map(|r| RoleInfo {
                name: r.name.to_string(),
                letter: r.letter.to_string(),
            })
            .collect(),
        start: start(facts.id),
    }
}

/// The seed that places a beast the dice place, for the example start position.
const EXAMPLE_SEED: u64 = 1;

fn start(id: VariantId) -> StartPosition {
    let variant = id.rules().expect("every catalogued variant has rules");
    let options = RuleOptions::parse(id, "").expect("the default rules parse");
    let plain = Position::start(variant).with_options(options);
    let pos = dice::DiceStream::new(EXAMPLE_SEED)
        .starting_position(plain.clone())
        .unwrap_or(plain);
    StartPosition {
        board: board(&pos),
        fen: fen::write(&pos),
        beast: pos.beast_square().map(|s| pos.geometry().name(s)),
        beast_kind: variant.beast.map(|b| match b {
            Beast::Behemoth => BeastKind::Behemoth,
            Beast::Juggernaut => BeastKind::Juggernaut,
        }),
    }
}

/// `GET /api/variants`: every variant's facts.
pub fn list() -> Vec<VariantInfo> {
    catalog::all().into_iter().map(info).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn juggernaut_options_list_their_single_word_values_default_first() {
        let list = list();
        let juggernaut = list.iter().find(|v| v.id == "juggernaut").unwrap();
        assert_eq!(juggernaut.options[0].key, "juggernaut-start");
        assert_eq!(juggernaut.options[0].values, ["random", "center"]);
        assert_eq!(juggernaut.options[1].values, ["wrap", "stay", "reroll"]);
        assert_eq!(juggernaut.options[1].default, "wrap");
        assert!(
            list.iter()
                .find(|v| v.id == "chess")
                .unwrap()
                .options
                .is_empty()
        );
    }

    #[test]
    fn stored_settings_override_the_defaults() {
        let map = rules_map(VariantId::Juggernaut, "juggernaut-edge=stay");
        assert_eq!(map["juggernaut-edge"], "stay");
        assert_eq!(map["juggernaut-start"], "random");
    }
}
