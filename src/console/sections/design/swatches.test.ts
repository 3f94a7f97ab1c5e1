/** The colour picker's swatches hold the fluid engine's two colours (engine spec §9, E124). */
import { describe, expect, it } from 'vitest';
import { colourHex, hexToColour, type WebsiteColour } from '../../../site/editor/colour';
import { SWATCHES } from './ColourPicker';

describe('colour swatches', () => {
  it('offer #027AFF and #FFB802, written as the picker writes every hex colour (lower case)', () => {
    for (const spec of ['#027AFF', '#FFB802']) {
      const colour = hexToColour(spec);
      expect(colour).not.toBeNull();
      const written = colourHex(colour as WebsiteColour);
      expect(written).toBe(spec.toLowerCase());
      expect(SWATCHES).toContain(written);
    }
  });
});
