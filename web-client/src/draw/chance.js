// Drawing chance: four sticks, one die or two dice (pure strings).

import { dieSvg, stickSvg } from './icons.js';
import { t } from '../i18n/messages.js';

/**
 * The drawing of a chance outcome; with no outcome yet, idle pieces of the
 * rule set's kind of chance.
 * @param {import('../types.js').Roll | null} roll
 * @param {import('../types.js').Chance} kind  the rule set's chance
 */
export function rollHtml(roll, kind) {
  if (!roll) {
    const idle = kind.kind === 'sticks' ? [false, false, false, false].map((l, i) => stickSvg(l, i)).join('') : kind.kind === 'die' ? dieSvg(1) : dieSvg(1, 0) + dieSvg(1, 1);
    return `<div class="chance sticks idle" data-chance="${kind.kind}" aria-hidden="true">${idle}</div>`;
  }
  switch (roll.kind) {
    case 'sticks':
      return `<div class="chance sticks" data-chance="sticks" aria-hidden="true">${roll.sticks.map((l, i) => stickSvg(l, i)).join('')}</div>`;
    case 'die':
      return `<div class="chance chance-dice" data-chance="die" data-pips="${roll.pip}" aria-hidden="true">${dieSvg(roll.pip)}</div>`;
    case 'dice':
      return `<div class="chance chance-dice" data-chance="two_dice" data-pips="${roll.first},${roll.second}" aria-hidden="true">${dieSvg(roll.first, 0)}${dieSvg(roll.second, 1)}</div>`;
    default:
      return `<div class="chance lot" aria-hidden="true"></div>`;
  }
}

/**
 * What a throw is called for a kind of chance: "Throw the sticks".
 * @param {import('../types.js').Chance} kind
 */
export function throwLabel(kind) {
  return kind.kind === 'sticks' ? t('chance-throw-sticks') : kind.kind === 'die' ? t('chance-roll-die') : t('chance-roll-dice');
}
