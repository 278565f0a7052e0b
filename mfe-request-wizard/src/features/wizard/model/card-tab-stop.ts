/**
 * The one card of a group that Tab reaches (the ARIA radio group's roving tab stop): the chosen
 * card, or the first one that can be chosen; -1 when none can be, and Tab then passes the group.
 * The arrow keys move between the cards, so a keyboard user passes the whole group with one Tab
 * instead of one per card.
 */
export function tabStopIndex(cards: readonly { chosen: boolean; enabled: boolean }[]): number {
  const chosen = cards.findIndex((card) => card.chosen && card.enabled);
  return chosen >= 0 ? chosen : cards.findIndex((card) => card.enabled);
}
