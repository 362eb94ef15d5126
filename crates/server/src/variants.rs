//! The variants as the page lists them: id, display name, rule options and defaults.

use rules::VariantId;
use serde_json::{Map, Value, json};

pub fn display_name(id: VariantId) -> &'static str {
    match id {
        VariantId::Chess => "Chess",
        VariantId::Behemoth => "Behemoth Chess",
        VariantId::Juggernaut => "Juggernaut Chess",
        VariantId::BehemothLoop => "Behemoth Loop Chess",
        VariantId::BattleChieftain => "Battle Chieftain Chess",
        VariantId::BattleChieftainFarWalls => "Battle Chieftain Chess (far walls)",
        VariantId::BattleChieftainDifferingField => "Battle Chieftain Chess (differing field)",
        VariantId::BattleChieftainUnevenField => "Battle Chieftain Chess (uneven field)",
        VariantId::Wildebeest => "Wildebeest Chess",
    }
}

/// Each option key with the single-word values its description lists, the default
/// first (the kernel's descriptions read "wrap, stay or reroll").
pub fn option_values(id: VariantId) -> Vec<(&'static str, Vec<String>)> {
    rules::options::keys(id)
        .iter()
        .map(|(key, description)| {
            let values = description
                .split(", ")
                .flat_map(|part| part.split(" or "))
                .map(str::trim)
                .filter(|v| !v.is_empty() && !v.contains(' '))
                .map(str::to_string)
                .collect();
            (*key, values)
        })
        .collect()
}

/// Every option of `id` with its value: the stored settings over the defaults.
pub fn rules_map(id: VariantId, settings: &str) -> Map<String, Value> {
    let mut map = Map::new();
    for (key, values) in option_values(id) {
        if let Some(default) = values.first() {
            map.insert(key.to_string(), json!(default));
        }
    }
    for setting in settings.split_whitespace() {
        if let Some((key, value)) = setting.split_once('=') {
            map.insert(key.to_string(), json!(value));
        }
    }
    map
}

/// `GET /api/variants`.
pub fn list() -> Value {
    let entries: Vec<Value> = VariantId::ALL
        .into_iter()
        .map(|id| {
            let mut options = Map::new();
            let mut defaults = Map::new();
            let mut descriptions = Map::new();
            for (key, values) in option_values(id) {
                if let Some(first) = values.first() {
                    defaults.insert(key.to_string(), json!(first));
                }
                options.insert(key.to_string(), json!(values));
            }
            for (key, text) in rules::options::keys(id) {
                descriptions.insert(key.to_string(), json!(text));
            }
            json!({
                "id": id.name(),
                "name": display_name(id),
                "options": options,
                "defaults": defaults,
                "descriptions": descriptions,
                "dice": id.rules().ok().and_then(|v| v.beast).is_some(),
            })
        })
        .collect();
    Value::Array(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn juggernaut_options_list_their_single_word_values_default_first() {
        let values = option_values(VariantId::Juggernaut);
        assert_eq!(values[0].0, "juggernaut-start");
        assert_eq!(values[0].1, ["random", "center"]);
        assert_eq!(values[1].1, ["wrap", "stay", "reroll"]);
        assert!(option_values(VariantId::Chess).is_empty());
    }
}
