/**
 * The enumerations of engine spec §3 against the spec's own sentences, copied word for word: every code and name of
 * src/values/enumerations.ts, in the spec's order, so a wrong number, a misspelt name or a missing entry fails here.
 */
import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_SOURCES,
  BLOCK_TYPES,
  BLOCK_VARIANTS,
  COLLECTION_TYPES,
  COLLECTION_VIEWS,
  DEVICE_VIEWS,
  EDITOR_BLOCK_TYPES,
  EDITOR_SLICE_TYPES,
  FOLDER_BEHAVIORS,
  FORM_SECTIONS,
  GALLERY_MEDIA_TYPES,
  INTEGRATION_CODES,
  inCodeRange,
  NINE_POSITIONS,
  PLAN_FEATURE_CODES,
  POPUP_OVERLAY_KEYS,
  RECORD_TYPES,
  SITE_AESTHETICS_PATHS,
  SLICE_TYPES,
  SLIDE_TYPES,
} from './enumerations';

// Engine spec §3, "Enumerations (code and name)" and "Other editor enumerations", word for word.
const SPEC = {
  block:
    'Block type: 1 navigation, 2 html, 3 logo, 4 map, 5 image, 6 twitter, 7 journal, 8 gallery, 9 form, 10 geo, 11 index, 12 collectionlink, 13 link, 14 tagcloud, 16 comments, 17 folder, 18 menu, 19 sociallinks, 20 summary, 21 spacer, 22 embed, 23 code, 24 foursquare, 25 instagram, 26 calendar, 27 postsbyauthor, 28 postsbytag, 29 postsbycategory, 30 postsbymonth, 31 quote, 32 video, 33 search, 41 audio, 42 fivehundredpix, 43 product, 44 markdown, 45 flickr, 46 amazon, 47 horizontalrule, 48 socialaccountlinks, 49 rss, 50 opentable, 51 newsletter, 52 donation, 53 button, 54 socialaccountlinks-v2, 55 summary-v2, 56 soundcloud, 57 emailfooter, 58 in-browser-message-link, 59 tourdates, 60 album, 61 archive, 62 chart, 63 zola, 65 acuity, 66 opentable-v2, 67 member-area, 68 tock, 69 accordion. Code -1 is undefined.',
  editorBlocks:
    'Editor-side block types are numeric, 1 to 72 with gaps, plus 1337 for website component; they include navigation, html, logo, map, image, gallery, form, product, menu, button, newsletter, donation, video, audio, accordion, marquee, shape, pricing plan and member area. Block variants are numbered 1000 to 1019: gallery slideshow, carousel, grid, stack; summary wall, carousel, list, grid; chart bar, line, pie; image inline, poster, card, overlap, collage, stack; tock reservations, tock events.',
  collection:
    'Collection type: 1 generic, 2 subscription, 3 twitter, 4 foursquare, 5 instagram, 6 gallery-block, 7 template-page, 8 splash-page, 10 page, 11 fivehundredpix, 12 flickr, 13 products, 15 slide-gallery, 16 slide-album, 17 slide-video, 18 album-block.',
  background: 'Background source: 1 upload, 2 instagram, 3 video, 4 none.',
  folder: 'Folder behavior: 1 index, 2 redirect, 3 none.',
  record:
    'Record type: 1 text, 2 image, 4 quote, 5 link, 7 audio, 8 video, 11 store-item, 12 event, 14 gallery, 15 binary, 16 css-asset, 17 tweak-asset, 18 digital-good, 19 attachment, 20 wordpress-export, 21 json-export, 30 site-search, 31 active-time, 50 tweet, 52 checkin, 54 kbarticle.',
  slice:
    'Slice type: 1 heading, 3 body, 4 image, 5 gallery, 6 video, 7 social-icons, 8 buttons, 9 navigation, 10 custom-form, 11 newsletter, 12 album, 13 map, 14 logo, 15 action, 16 form, 17 lock, 18 password, 19 twitter.',
  editorSlices:
    'Editor slice types by name: heading, sub-heading, body, image, gallery, video, social-icons, buttons, navigation, custom-form, newsletter, album, map, lock, password, twitter, logo, action, popup-overlay-action, temp-lock-inject, sso-options.',
  slides: 'Slide types: cover-page, lock-screen, popup-overlay, sso-screen.',
  other:
    'Other editor enumerations: popup overlay local-storage keys date-closed, version, submitted; nine positions (top, center, bottom each combined with left, center, right); collection views list, grid, product; device views desktop, phone, tablet; gallery item media types imageEmpty, imageFile, imageLicensed, imageReused, assetReused, video; form sections build, storage, advanced, captcha, disclaimer; site-aesthetics tracked paths: colours default theme, fonts active theme, colour palette, colour themes, font themes, font usage categories.',
};

/** "Name: 1 a, 2 b-c, …" as [name, code] pairs in the spec's order. */
function codes(sentence: string): [string, number][] {
  const list = sentence.slice(sentence.indexOf(':') + 1).split('.')[0] as string;
  return list.split(',').map((entry) => {
    const [, code, name] = /^\s*(-?\d+) (.+?)\s*$/.exec(entry) ?? [];
    return [name as string, Number(code)];
  });
}

/** The comma-separated names after `label` up to the next semicolon or full stop. */
function names(text: string, label: string): string[] {
  const start = text.indexOf(label) + label.length;
  const rest = text.slice(start);
  const end = rest.search(/[;.]/);
  return (end < 0 ? rest : rest.slice(0, end)).split(',').map((name) => name.trim());
}

describe("the engine spec's enumerations (§3: E17, E18, E19, E20)", () => {
  it('block types 1-69 with their gaps, and -1 undefined', () => {
    const { undefined: undefinedCode, ...named } = BLOCK_TYPES;
    expect(Object.entries(named)).toEqual(codes(SPEC.block));
    expect(SPEC.block).toMatch(/Code -1 is undefined\.$/);
    expect(undefinedCode).toBe(-1);
    expect(Object.keys(named)).toHaveLength(60);
  });

  it('editor block types 1 to 72 plus 1337, and the block variants numbered 1000 to 1019', () => {
    expect(SPEC.editorBlocks).toContain(
      `${EDITOR_BLOCK_TYPES.first} to ${EDITOR_BLOCK_TYPES.last} with gaps, plus ${EDITOR_BLOCK_TYPES.websiteComponent} for website component`,
    );
    const kinds = EDITOR_BLOCK_TYPES.names;
    expect(SPEC.editorBlocks).toContain(`they include ${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}.`);
    expect(SPEC.editorBlocks).toContain(`numbered ${BLOCK_VARIANTS.first} to ${BLOCK_VARIANTS.last}`);
    // "gallery slideshow, carousel, …; …; tock reservations, tock events": each block, then its kinds.
    const variants = SPEC.editorBlocks.slice(SPEC.editorBlocks.indexOf(': ') + 2, -1).split('; ');
    const byBlock = Object.fromEntries(
      variants.map((part) => {
        const block = part.slice(0, part.indexOf(' '));
        return [block, part.split(', ').map((kind) => kind.replace(new RegExp(`^${block} `), ''))];
      }),
    );
    expect(byBlock).toEqual(BLOCK_VARIANTS.byBlock);
    expect(Object.values(byBlock).flat()).toHaveLength(19);
  });

  it('collection types, background sources, folder behaviours and record types', () => {
    expect(Object.entries(COLLECTION_TYPES)).toEqual(codes(SPEC.collection));
    const { undefined: noSource, ...sources } = BACKGROUND_SOURCES;
    expect(Object.entries(sources)).toEqual(codes(SPEC.background));
    expect(noSource).toBe(-1);
    expect(Object.entries(FOLDER_BEHAVIORS)).toEqual(codes(SPEC.folder));
    expect(Object.entries(RECORD_TYPES)).toEqual(codes(SPEC.record));
  });

  it('slice types, the editor slice names and the slide types', () => {
    expect(Object.entries(SLICE_TYPES)).toEqual(codes(SPEC.slice));
    expect(names(SPEC.editorSlices, 'by name:')).toEqual([...EDITOR_SLICE_TYPES]);
    expect(names(SPEC.slides, 'Slide types:')).toEqual([...SLIDE_TYPES]);
  });

  it('the other editor enumerations', () => {
    expect(names(SPEC.other, 'local-storage keys')).toEqual([...POPUP_OVERLAY_KEYS]);
    expect(SPEC.other).toContain('nine positions (top, center, bottom each combined with left, center, right)');
    expect(NINE_POSITIONS).toEqual([
      'top-left',
      'top-center',
      'top-right',
      'center-left',
      'center-center',
      'center-right',
      'bottom-left',
      'bottom-center',
      'bottom-right',
    ]);
    expect(names(SPEC.other, 'collection views')).toEqual([...COLLECTION_VIEWS]);
    expect(names(SPEC.other, 'device views')).toEqual([...DEVICE_VIEWS]);
    expect(names(SPEC.other, 'gallery item media types')).toEqual([...GALLERY_MEDIA_TYPES]);
    expect(names(SPEC.other, 'form sections')).toEqual([...FORM_SECTIONS]);
    expect(names(SPEC.other, 'site-aesthetics tracked paths:')).toEqual([...SITE_AESTHETICS_PATHS]);
  });
});

describe("the storefront spec's plan-feature and integration codes (§3: S33)", () => {
  const SPEC =
    'Plan-feature codes (1-70) and integration codes (1-85) exist; their individual meanings are not shown except that they include commerce, subscriptions, gift cards and instalment-payment options.';
  it('are the ranges 1-70 and 1-85', () => {
    expect(SPEC).toContain(`Plan-feature codes (${PLAN_FEATURE_CODES.first}-${PLAN_FEATURE_CODES.last})`);
    expect(SPEC).toContain(`integration codes (${INTEGRATION_CODES.first}-${INTEGRATION_CODES.last})`);
    expect([0, 1, 70, 71, 1.5].map((code) => inCodeRange(PLAN_FEATURE_CODES, code))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect([85, 86].map((code) => inCodeRange(INTEGRATION_CODES, code))).toEqual([true, false]);
  });
});
