import { describe, expect, it } from 'vitest';
import { CARD_SPACE, cardInsets, revealOffset } from './reveal';

describe('bringing the selected device into view beside the card', () => {
  it('leaves a device that is already in the free part alone', () => {
    const insets = cardInsets(1000, 800, false);
    expect(revealOffset({ x: 700, y: 400 }, 1000, 800, insets)).toBeNull();
  });

  it('moves a device under the card (left-to-right: the card is on the left) just beside it, by the least', () => {
    const insets = cardInsets(1000, 800, false);
    expect(insets.left).toBeGreaterThan(CARD_SPACE);
    const offset = revealOffset({ x: 100, y: 700 }, 1000, 800, insets);
    expect(offset).not.toBeNull();
    const [dx, dy] = offset ?? [0, 0];
    // the device ends at the viewport centre plus the offset: right of the card, inside the map, at the same height
    expect(500 + dx).toBe(insets.left);
    expect(400 + dy).toBe(700);
  });

  it('in right-to-left the card is on the right', () => {
    const insets = cardInsets(1000, 800, true);
    expect(insets.right).toBeGreaterThan(CARD_SPACE);
    const [dx] = revealOffset({ x: 950, y: 400 }, 1000, 800, insets) ?? [0, 0];
    expect(500 + dx).toBeLessThan(1000 - CARD_SPACE);
  });

  it('on a phone the card covers the lower part: the device goes above it', () => {
    const insets = cardInsets(390, 700, true);
    const [, dy] = revealOffset({ x: 200, y: 650 }, 390, 700, insets) ?? [0, 0];
    expect(350 + dy).toBeLessThanOrEqual(700 - insets.bottom);
    expect(revealOffset({ x: 200, y: 100 }, 390, 700, insets)).toBeNull();
  });

  it('a device off the screen is brought in', () => {
    expect(revealOffset({ x: -500, y: 3000 }, 1000, 800, cardInsets(1000, 800, false))).not.toBeNull();
  });
});
