// One or two sentences per variant for a newcomer; docs/rules.md has the full rules.

const BLURBS: Record<string, string> = {
  chess: "Orthodox chess, the base of the beast variants.",
  behemoth:
    "Chess plus the Behemoth: after every move two dice send it 1-4 squares in one of eight directions, wrapping round the board and trampling every piece it crosses. Lose your king to it and you lose.",
  juggernaut:
    "Chess plus the Juggernaut: a ten-sided die moves it one square, leaves it still, or teleports it; whatever stands where it lands is trampled.",
  "behemoth-loop":
    "Trampled pieces go back to their owner's hand and can be dropped again. No check: capture the enemy king to win.",
  "battle-chieftain":
    "10x11 with holes and walls. Ten berserkers and a king that all move like rooks; place your king on your wall first. Capture every enemy berserker to win.",
  "battle-chieftain-far-walls": "Battle Chieftain with the two walls changing owners.",
  "battle-chieftain-differing-field": "Battle Chieftain with holes on a, d, g and j in ranks 4 and 8.",
  "battle-chieftain-uneven-field": "Battle Chieftain with rank 8's holes moved to a, d, g and j.",
  wildebeest:
    "11x10 with camels and the wildebeest, pawns that may step three, castling of any length, and stalemate wins.",
};

export function blurb(variant: string): string {
  return BLURBS[variant] ?? "";
}
