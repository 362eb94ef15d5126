//! The variants as the page lists them, from the rules kernel's catalog.

use crate::contract::{RoleInfo, RuleOption, VariantInfo};
use rules::VariantId;
use rules::catalog::{self, VariantFacts};
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
