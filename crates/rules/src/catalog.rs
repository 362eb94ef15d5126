//! What a variant is, told to people and to clients that draw it: its display name, a
//! short and a long description, its rule options, which features it has and which roles
//! stand on its board. The page and the server read these facts from here and nowhere else.

use crate::options::{self, OptionSpec};
use crate::piece::Role;
use crate::variant::VariantId;

/// A role as it appears in a variant: its name and its FEN letter (upper case).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RoleFact {
    pub role: Role,
    pub name: &'static str,
    pub letter: char,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VariantFacts {
    pub id: VariantId,
    pub name: &'static str,
    /// One or two sentences for a newcomer choosing a game.
    pub summary: &'static str,
    /// A paragraph that says how the game differs from chess; docs/rules.md has every rule.
    pub description: &'static str,
    pub options: &'static [OptionSpec],
    /// A beast moves after each move, so dice are rolled.
    pub dice: bool,
    /// Trampled pieces wait in their owner's hand to be dropped again.
    pub hands: bool,
    /// Each king starts in hand and is placed on its side's wall before the first move.
    pub placement: bool,
    /// Unmoved berserkers on their home row may be out of reach (the `home-rows` option).
    pub sanctuary: bool,
    /// The board has walls owned by each side.
    pub walls: bool,
    /// The roles that stand on the board, in FEN-letter lookup order.
    pub roles: Vec<RoleFact>,
}

struct Words {
    name: &'static str,
    summary: &'static str,
    description: &'static str,
}

fn words(id: VariantId) -> Words {
    match id {
        VariantId::Chess => Words {
            name: "Chess",
            summary: "Orthodox chess, the base of the beast variants.",
            description: "The FIDE game: checkmate wins; stalemate, threefold repetition, the \
                50-move rule and insufficient material draw.",
        },
        VariantId::Behemoth => Words {
            name: "Behemoth Chess",
            summary: "Chess plus the Behemoth: after every move two dice send it 1-4 squares \
                in one of eight directions, wrapping round the board and trampling every piece \
                it crosses. Lose your king to it and you lose.",
            description: "The Behemoth starts on d4 and belongs to no one: nothing may land \
                on it or pass through it. After every move an eight-sided die gives its \
                direction and a four-sided die its distance; the board wraps around for it, \
                and every square it enters is cleared. A trampled king loses the game.",
        },
        VariantId::Juggernaut => Words {
            name: "Juggernaut Chess",
            summary: "Chess plus the Juggernaut: a ten-sided die moves it one square, leaves \
                it still, or teleports it; whatever stands where it lands is trampled.",
            description: "The Juggernaut blocks like the Behemoth. After every move a \
                ten-sided die moves it one square in one of eight directions, leaves it where \
                it is, or teleports it to a square given by two more rolls. It starts on a \
                random square unless the rules say otherwise, and what happens at the edge \
                is a rule option.",
        },
        VariantId::BehemothLoop => Words {
            name: "Behemoth Loop Chess",
            summary: "Trampled pieces go back to their owner's hand and can be dropped again. \
                No check: capture the enemy king to win.",
            description: "The Behemoth moves as in Behemoth Chess, but a piece it tramples \
                goes to its owner's hand, and a turn may drop a piece from the hand onto any \
                empty square. There is no check: a king may be left attacked, and capturing \
                it wins.",
        },
        VariantId::BattleChieftain => Words {
            name: "Battle Chieftain Chess",
            summary: "10x11 with holes and walls. Ten berserkers and a king that all move like \
                rooks; place your king on your wall first. Capture every enemy berserker to win.",
            description: "Each side has ten berserkers on its home row and a king it first \
                places on its own wall; all move like rooks, kings also across holes. A \
                berserker that has not moved cannot be captured. An attacked king may swap \
                places with a berserker, and a captured king is replaced by crowning a \
                berserker. A side left without berserkers loses.",
        },
        VariantId::BattleChieftainFarWalls => Words {
            name: "Battle Chieftain Chess (far walls)",
            summary: "Battle Chieftain with the two walls changing owners.",
            description: "Battle Chieftain Chess with each side's wall on the far side of \
                the board: rank 2 is Black's wall and rank 10 White's.",
        },
        VariantId::BattleChieftainDifferingField => Words {
            name: "Battle Chieftain Chess (differing field)",
            summary: "Battle Chieftain with holes on a, d, g and j in ranks 4 and 8.",
            description: "Battle Chieftain Chess with ranks 4 and 8 holed on the a, d, g and \
                j files instead of the standard board's holes there.",
        },
        VariantId::BattleChieftainUnevenField => Words {
            name: "Battle Chieftain Chess (uneven field)",
            summary: "Battle Chieftain with rank 8's holes moved to a, d, g and j.",
            description: "Battle Chieftain Chess with rank 8 holed on the a, d, g and j files \
                while rank 4 keeps the standard holes, so the two halves differ.",
        },
        VariantId::Wildebeest => Words {
            name: "Wildebeest Chess",
            summary: "11x10 with camels and the wildebeest, pawns that may step three, \
                castling of any length, and stalemate wins.",
            description: "An 11 by 10 board with two camels, (1,3)-leapers, and a \
                wildebeest that leaps as a knight or a camel. Pawns may step up to three \
                squares from their first rank and promote to queen or wildebeest; the king \
                castles one to four squares; a stalemated side loses.",
        },
    }
}

/// The facts of one variant.
pub fn facts(id: VariantId) -> VariantFacts {
    let Words {
        name,
        summary,
        description,
    } = words(id);
    let variant = id.rules().ok();
    VariantFacts {
        id,
        name,
        summary,
        description,
        options: options::specs(id),
        dice: variant.is_some_and(|v| v.beast.is_some()),
        hands: variant.is_some_and(|v| v.hands && v.battle.is_none()),
        placement: variant.is_some_and(|v| v.battle.is_some()),
        sanctuary: options::specs(id).iter().any(|s| s.key == "home-rows"),
        walls: variant.is_some_and(|v| v.battle.is_some()),
        roles: variant.map_or_else(Vec::new, |v| {
            v.roles
                .iter()
                .map(|&role| RoleFact {
                    role,
                    name: role.name(),
                    letter: role.upper_char(),
                })
                .collect()
        }),
    }
}

/// Every variant's facts, in the order of [`VariantId::ALL`].
pub fn all() -> Vec<VariantFacts> {
    VariantId::ALL.into_iter().map(facts).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn juggernaut_options_list_their_single_word_values_default_first() {
        let options = facts(VariantId::Juggernaut).options;
        assert_eq!(options[0].key, "juggernaut-start");
        assert_eq!(options[0].values, ["random", "center"]);
        assert!(options[0].takes_square);
        assert_eq!(options[1].values, ["wrap", "stay", "reroll"]);
        assert_eq!(options[1].default_value(), "wrap");
        assert!(facts(VariantId::Chess).options.is_empty());
    }

    #[test]
    fn every_listed_option_value_is_accepted_by_the_rules() {
        for id in VariantId::ALL {
            for spec in facts(id).options {
                for value in spec.values {
                    let setting = format!("{}={value}", spec.key);
                    assert!(
                        crate::RuleOptions::parse(id, &setting).is_ok(),
                        "{id}: {setting}"
                    );
                }
            }
        }
    }

    #[test]
    fn features_follow_the_variant_rules() {
        let battle = facts(VariantId::BattleChieftainFarWalls);
        assert!(battle.walls && battle.sanctuary && battle.placement);
        assert!(!battle.hands && !battle.dice);
        let letters: Vec<char> = battle.roles.iter().map(|r| r.letter).collect();
        assert_eq!(letters, ['B', 'K']);
        assert_eq!(battle.roles[0].name, "berserker");
        let lp = facts(VariantId::BehemothLoop);
        assert!(lp.dice && lp.hands && !lp.walls && !lp.sanctuary && !lp.placement);
        let wildebeest = facts(VariantId::Wildebeest);
        assert!(
            wildebeest
                .roles
                .iter()
                .any(|r| r.name == "camel" && r.letter == 'C')
        );
        assert!(
            all()
                .iter()
                .all(|f| !f.name.is_empty() && !f.summary.is_empty())
        );
    }
}
