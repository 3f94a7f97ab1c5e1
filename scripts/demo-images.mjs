/**
 * The demo store's product and journal pictures: studio "product shots" drawn as SVG scenes (a
 * lit wall and table, a soft contact shadow, the object shaded with gradients, a little film
 * grain) and rendered to WebP with sharp into public/images/demo/. Deterministic: the same script
 * writes the same scenes, so the files are committed and `npm start` needs no network or build step.
 * Run `node scripts/demo-images.mjs` after changing a scene. Licence: CC0 (themes/default/README.md).
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = 'public/images/demo';
const PRODUCT = 800;
const POST = { width: 1200, height: 800 };

/** Lighter or darker shade of a hex colour (amount −1…1). */
function shade(hex, amount) {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map(channel);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

let gradientId = 0;
/** A linear gradient from the top left towards (x2, y2), its definition and its url(); `stops` are [offset, colour]. */
function gradient(prefix, [x2, y2], stops) {
  const id = `${prefix}${++gradientId}`;
  const stopTags = stops.map(([offset, colour]) => `<stop offset="${offset}" stop-color="${colour}"/>`).join('');
  return {
    def: `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stopTags}</linearGradient>`,
    fill: `url(#${id})`,
  };
}

/** Light from the upper left. */
function lit(base, { angle = 'diagonal', light = 0.28, dark = -0.28 } = {}) {
  const towards = angle === 'vertical' ? ['0', '1'] : angle === 'horizontal' ? ['1', '0'] : ['1', '1'];
  return gradient('g', towards, [
    ['0', shade(base, light)],
    ['.55', base],
    ['1', shade(base, dark)],
  ]);
}

/** A cylinder's side: highlights near the left, shadow on the right. */
function cylinder(base) {
  return gradient(
    'c',
    ['1', '0'],
    [
      ['0', shade(base, -0.18)],
      ['.22', shade(base, 0.32)],
      ['.5', base],
      ['1', shade(base, -0.4)],
    ],
  );
}

/** The room: wall, table edge and a soft light fall-off, plus grain so flat colours read as a photograph. */
function room(width, height, wall, table, horizon) {
  const w = lit(wall, { angle: 'vertical', light: 0.18, dark: -0.08 });
  const t = lit(table, { angle: 'vertical', light: 0.1, dark: -0.16 });
  return {
    defs: `${w.def}${t.def}<radialGradient id="glow" cx=".3" cy=".25" r=".9"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>
<filter id="softer" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency=".9" numOctaves="2" seed="7"/><feColorMatrix values="0 0 0 0 .5 0 0 0 0 .5 0 0 0 0 .5 0 0 0 .06 0"/></filter>`,
    back: `<rect width="${width}" height="${horizon}" fill="${w.fill}"/><rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${t.fill}"/><rect y="${horizon - 2}" width="${width}" height="4" fill="${shade(table, 0.25)}" opacity=".6"/><rect width="${width}" height="${height}" fill="url(#glow)"/>`,
    front: `<rect width="${width}" height="${height}" filter="url(#grain)"/>`,
  };
}

const shadow = (cx, cy, rx, ry, opacity = 0.32) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#1d140c" opacity="${opacity}" filter="url(#soft)"/>`;

const SHIRT =
  'M300 190 L230 215 L120 330 L185 400 L245 350 L245 640 L555 640 L555 350 L615 400 L680 330 L570 215 L500 190 Q400 250 300 190 Z';
/** Long sleeves down to ribbed cuffs. */
const SWEATER =
  'M300 190 L225 215 Q170 240 160 330 L150 564 L220 564 L245 360 L245 640 L555 640 L555 360 L580 564 L650 564 L640 330 Q630 240 575 215 L500 190 Q400 250 300 190 Z';

/** Object drawers: each takes a colour and draws around (400, 640) on the 800 px table. */
const OBJECTS = {
  shirt(colour, knit = false) {
    const body = lit(colour);
    const seam = shade(colour, -0.25);
    const texture = knit
      ? Array.from(
          { length: 14 },
          (_, i) =>
            `<path d="M${250 + i * 22} 300 v330" stroke="${shade(colour, -0.12)}" stroke-width="5" opacity=".5"/>`,
        ).join('')
      : '';
    return {
      defs: body.def,
      svg: `${shadow(400, 662, 250, 26)}
<path d="${knit ? SWEATER : SHIRT}" fill="${body.fill}" stroke="${seam}" stroke-width="3"/>
${texture}
<path d="M300 190 Q400 250 500 190 Q470 230 400 236 Q330 230 300 190 Z" fill="${shade(colour, -0.3)}"/>
${knit ? `<rect x="245" y="606" width="310" height="34" fill="${shade(colour, -0.12)}"/><rect x="150" y="530" width="70" height="34" fill="${shade(colour, -0.12)}"/><rect x="580" y="530" width="70" height="34" fill="${shade(colour, -0.12)}"/>` : `<path d="M400 236 V600" stroke="${seam}" stroke-width="2"/>${[300, 360, 420, 480, 540].map((y) => `<circle cx="412" cy="${y}" r="6" fill="${shade(colour, 0.35)}" stroke="${seam}"/>`).join('')}`}
<path d="M245 350 Q255 420 245 470" stroke="${seam}" stroke-width="2" fill="none" opacity=".6"/><path d="M555 350 Q545 420 555 470" stroke="${seam}" stroke-width="2" fill="none" opacity=".6"/>`,
    };
  },
  tote(colour) {
    const body = lit(colour, { light: 0.2, dark: -0.2 });
    return {
      defs: body.def,
      svg: `${shadow(400, 660, 210, 24)}
<path d="M300 330 Q300 150 400 150 Q500 150 500 330" fill="none" stroke="${shade(colour, -0.35)}" stroke-width="22" stroke-linecap="round"/>
<path d="M230 310 L570 310 L595 650 L205 650 Z" fill="${body.fill}"/>
<path d="M230 310 L570 310 L572 340 L228 340 Z" fill="${shade(colour, -0.15)}"/>
<text x="400" y="500" font-family="Georgia, serif" font-size="44" text-anchor="middle" fill="${shade(colour, -0.5)}" opacity=".7">studio</text>`,
    };
  },
  mug(colour) {
    const side = cylinder(colour);
    return {
      defs: side.def,
      svg: `${shadow(400, 655, 190, 26)}
<path d="M520 390 q120 0 110 95 q-10 90 -110 90" fill="none" stroke="${shade(colour, -0.25)}" stroke-width="30"/>
<path d="M260 330 L540 330 L530 620 Q400 660 270 620 Z" fill="${side.fill}"/>
<ellipse cx="400" cy="330" rx="140" ry="32" fill="${shade(colour, -0.45)}"/><ellipse cx="400" cy="326" rx="140" ry="30" fill="none" stroke="${shade(colour, 0.3)}" stroke-width="6"/>
<path d="M270 560 Q400 600 532 560" stroke="${shade(colour, -0.2)}" stroke-width="4" fill="none" opacity=".5"/>`,
    };
  },
  board(colour) {
    const top = lit(colour, { angle: 'horizontal', light: 0.22, dark: -0.15 });
    const grain = Array.from(
      { length: 9 },
      (_, i) =>
        `<path d="M175 ${470 + i * 16} q225 ${i % 2 ? 10 : -10} 450 0" stroke="${shade(colour, -0.2)}" stroke-width="2" fill="none" opacity=".55"/>`,
    ).join('');
    return {
      defs: top.def,
      svg: `${shadow(400, 650, 300, 26)}
<path d="M150 450 Q150 420 180 420 L560 420 Q600 420 630 440 L700 440 Q730 440 730 470 Q730 500 700 500 L630 500 Q600 520 560 620 L180 620 Q150 620 150 590 Z" fill="${top.fill}"/>
<circle cx="690" cy="470" r="11" fill="${shade(colour, -0.5)}"/>${grain}
<path d="M150 590 Q150 620 180 620 L560 620 L556 636 L180 636 Q148 636 148 604 Z" fill="${shade(colour, -0.35)}"/>`,
    };
  },
  pen(colour) {
    const barrel = lit(colour, { angle: 'vertical', light: 0.45, dark: -0.35 });
    return {
      defs: barrel.def,
      svg: `${shadow(400, 560, 300, 18, 0.38)}
<g transform="rotate(-14 400 500)"><rect x="140" y="478" width="470" height="44" rx="20" fill="${barrel.fill}"/>
<path d="M610 478 L690 500 L610 522 Z" fill="${shade(colour, -0.2)}"/><path d="M680 497 L700 500 L680 503 Z" fill="#222"/>
<rect x="170" y="466" width="150" height="12" rx="6" fill="${shade(colour, 0.15)}"/>
<text x="420" y="508" font-family="Georgia, serif" font-style="italic" font-size="22" text-anchor="middle" fill="${shade(colour, -0.55)}">A. M.</text></g>`,
    };
  },
  notebook(colour) {
    const cover = lit(colour, { light: 0.15, dark: -0.2 });
    return {
      defs: cover.def,
      svg: `${shadow(420, 640, 240, 24)}
<g transform="rotate(-6 400 450)"><rect x="250" y="230" width="320" height="420" rx="8" fill="#f3efe6"/><rect x="240" y="222" width="320" height="420" rx="8" fill="${cover.fill}"/>
<rect x="240" y="222" width="16" height="420" fill="${shade(colour, -0.25)}"/>
<rect x="300" y="300" width="200" height="64" fill="#f6f1e5" opacity=".9"/><text x="400" y="342" font-family="Georgia, serif" font-size="28" text-anchor="middle" fill="#333">FIELD NOTES</text></g>`,
    };
  },
  lamp(colour) {
    const shadeFill = lit(colour, { light: 0.3, dark: -0.3 });
    return {
      defs: shadeFill.def,
      svg: `${shadow(420, 655, 170, 22)}<ellipse cx="300" cy="300" rx="260" ry="200" fill="#fff6d8" opacity=".35" filter="url(#soft)"/>
<ellipse cx="420" cy="640" rx="110" ry="22" fill="${shade(colour, -0.3)}"/><ellipse cx="420" cy="634" rx="110" ry="20" fill="${shadeFill.fill}"/>
<path d="M420 630 L420 420 L300 300" stroke="${shade(colour, -0.1)}" stroke-width="14" fill="none" stroke-linecap="round"/><circle cx="420" cy="420" r="12" fill="${shade(colour, 0.2)}"/>
<path d="M330 250 L190 330 L240 400 L370 300 Z" fill="${shadeFill.fill}"/><ellipse cx="215" cy="365" rx="48" ry="22" transform="rotate(-36 215 365)" fill="#fff2c4"/>`,
    };
  },
  candle(colour) {
    const glass = cylinder(colour);
    return {
      defs: glass.def,
      svg: `${shadow(400, 650, 160, 22)}<ellipse cx="400" cy="260" rx="120" ry="120" fill="#ffd98a" opacity=".35" filter="url(#soft)"/>
<path d="M290 360 L510 360 L505 630 Q400 660 295 630 Z" fill="${glass.fill}"/><ellipse cx="400" cy="360" rx="110" ry="24" fill="#efe6d2"/>
<rect x="318" y="440" width="164" height="120" rx="4" fill="#f4efe4"/><text x="400" y="495" font-family="Georgia, serif" font-size="26" text-anchor="middle" fill="#3b3024">CEDAR</text><text x="400" y="530" font-family="system-ui, sans-serif" font-size="16" letter-spacing="3" text-anchor="middle" fill="#6b5d4d">50 HOURS</text>
<path d="M400 352 L400 330" stroke="#222" stroke-width="3"/><path d="M400 330 Q385 305 400 270 Q415 305 400 330 Z" fill="#ffb83d"/>`,
    };
  },
  folded(colour, stripes = true) {
    const cloth = lit(colour, { angle: 'vertical', light: 0.2, dark: -0.2 });
    const layers = [0, 1, 2, 3]
      .map(
        (i) =>
          `<rect x="${190 - i * 4}" y="${430 + i * 50}" width="${420 + i * 8}" height="54" rx="26" fill="${cloth.fill}" stroke="${shade(colour, -0.22)}" stroke-width="2"/>`,
      )
      .join('');
    const lines = stripes
      ? [0, 1, 2, 3]
          .map(
            (i) =>
              `<rect x="${200 - i * 4}" y="${452 + i * 50}" width="${400 + i * 8}" height="6" fill="${shade(colour, -0.35)}" opacity=".6"/>`,
          )
          .join('')
      : '';
    return { defs: cloth.def, svg: `${shadow(400, 640, 260, 22)}${layers}${lines}` };
  },
  planter(colour) {
    const pot = cylinder(colour);
    const leaf = (d, c) => `<path d="${d}" fill="${c}"/>`;
    return {
      defs: pot.def,
      svg: `${shadow(400, 655, 170, 22)}
${leaf('M400 380 Q300 250 330 150 Q420 240 400 380 Z', '#4f7a45')}${leaf('M400 380 Q520 260 540 200 Q450 230 400 380 Z', '#5f8d52')}${leaf('M400 380 Q250 330 220 260 Q330 270 400 380 Z', '#3f6a38')}${leaf('M400 380 Q470 200 430 110 Q380 220 400 380 Z', '#6b9b5d')}
<path d="M280 380 L520 380 L490 630 L310 630 Z" fill="${pot.fill}"/><rect x="270" y="370" width="260" height="40" rx="6" fill="${shade(colour, 0.08)}"/>`,
    };
  },
  bag(colour) {
    const paper = lit(colour, { light: 0.2, dark: -0.25 });
    return {
      defs: paper.def,
      svg: `${shadow(400, 650, 190, 24)}
<path d="M280 230 L520 230 L540 640 L260 640 Z" fill="${paper.fill}"/><path d="M280 230 L520 230 L520 262 L280 262 Z" fill="${shade(colour, -0.2)}"/>
<circle cx="400" cy="430" r="70" fill="#f4efe4"/><text x="400" y="425" font-family="Georgia, serif" font-size="24" text-anchor="middle" fill="#3b3024">WEEKLY</text><text x="400" y="455" font-family="system-ui, sans-serif" font-size="14" letter-spacing="3" text-anchor="middle" fill="#6b5d4d">ROAST</text>`,
    };
  },
  tin(colour) {
    const side = cylinder(colour);
    return {
      defs: side.def,
      svg: `${shadow(400, 650, 150, 22)}<path d="M290 300 L510 300 L510 630 Q400 650 290 630 Z" fill="${side.fill}"/><ellipse cx="400" cy="300" rx="110" ry="22" fill="${shade(colour, 0.25)}"/>
<rect x="290" y="420" width="220" height="110" fill="#f1ead8"/><text x="400" y="480" font-family="Georgia, serif" font-size="30" text-anchor="middle" fill="#2f3b2a">TEA CLUB</text>`,
    };
  },
  prints(colour) {
    const frame = (x, y, r, tint) =>
      `<g transform="rotate(${r} ${x + 120} ${y + 150})"><rect x="${x}" y="${y}" width="240" height="300" fill="#fbfaf7"/><rect x="${x + 16}" y="${y + 16}" width="208" height="220" fill="${tint}"/><path d="M${x + 16} ${y + 236} L${x + 90} ${y + 150} L${x + 140} ${y + 200} L${x + 180} ${y + 160} L${x + 224} ${y + 236} Z" fill="${shade(tint, -0.35)}"/><circle cx="${x + 170}" cy="${y + 70}" r="20" fill="#ffe7a8"/></g>`;
    return {
      defs: '',
      svg: `${shadow(400, 640, 260, 20)}${frame(170, 320, -10, shade(colour, 0.2))}${frame(280, 300, 6, colour)}${frame(380, 330, 14, shade(colour, -0.2))}`,
    };
  },
  tablet(colour) {
    return {
      defs: '',
      svg: `${shadow(400, 640, 220, 22)}<g transform="rotate(-8 400 450)"><rect x="220" y="210" width="360" height="450" rx="28" fill="#23252a"/><rect x="240" y="230" width="320" height="410" rx="10" fill="#fbf7ef"/>
<rect x="240" y="230" width="320" height="180" fill="${colour}"/><circle cx="400" cy="320" r="60" fill="${shade(colour, 0.35)}"/><text x="400" y="460" font-family="Georgia, serif" font-size="30" text-anchor="middle" fill="#2b2b2b">Sixty Recipes</text>
${[500, 530, 560, 590].map((y) => `<rect x="280" y="${y}" width="${y === 590 ? 160 : 240}" height="8" rx="4" fill="#d9d2c4"/>`).join('')}</g>`,
    };
  },
  bowl(colour) {
    const clay = cylinder(colour);
    return {
      defs: clay.def,
      svg: `${shadow(400, 650, 260, 24)}<ellipse cx="400" cy="600" rx="260" ry="50" fill="#8e8a84"/><ellipse cx="400" cy="590" rx="260" ry="46" fill="#b9b4ad"/>
<path d="M250 440 Q260 590 400 590 Q540 590 550 440 Z" fill="${clay.fill}"/><ellipse cx="400" cy="440" rx="150" ry="34" fill="${shade(colour, -0.35)}"/><ellipse cx="400" cy="438" rx="150" ry="32" fill="none" stroke="${shade(colour, 0.25)}" stroke-width="5"/>`,
    };
  },
  sketchbook(colour) {
    return {
      defs: '',
      svg: `${shadow(400, 640, 270, 22)}<g transform="rotate(4 400 450)"><rect x="190" y="300" width="420" height="320" fill="#fbfaf6"/><path d="M400 300 V620" stroke="#ddd6c8" stroke-width="3"/>
<rect x="230" y="350" width="130" height="90" fill="none" stroke="${colour}" stroke-width="4"/><path d="M230 480 h130 M230 510 h100 M440 350 h130 M440 380 h110" stroke="#b9b0a0" stroke-width="4"/><circle cx="505" cy="480" r="50" fill="none" stroke="${colour}" stroke-width="4"/></g>
<rect x="470" y="560" width="240" height="16" rx="8" fill="#f0b43c" transform="rotate(-24 590 568)"/>`,
    };
  },
  tools(colour) {
    return {
      defs: '',
      svg: `${shadow(400, 630, 260, 20)}<rect x="200" y="520" width="400" height="60" rx="10" fill="${colour}"/><rect x="220" y="470" width="360" height="56" rx="8" fill="${shade(colour, 0.2)}"/>
<rect x="300" y="390" width="22" height="150" rx="8" fill="#8a5a34" transform="rotate(-20 311 465)"/><rect x="250" y="370" width="110" height="36" rx="6" fill="#4a4a4f" transform="rotate(-20 305 388)"/>
<rect x="460" y="380" width="16" height="170" rx="6" fill="#9ea3a8" transform="rotate(18 468 465)"/><rect x="452" y="500" width="32" height="70" rx="10" fill="#c94b32" transform="rotate(18 468 535)"/>`,
    };
  },
  card(colour, label = 'GIFT CARD') {
    const face = lit(colour, { light: 0.25, dark: -0.25 });
    return {
      defs: face.def,
      svg: `${shadow(410, 610, 250, 22)}<g transform="rotate(-8 400 460)"><rect x="180" y="320" width="440" height="270" rx="22" fill="${face.fill}"/>
<text x="215" y="380" font-family="Georgia, serif" font-size="30" fill="#fff8ec">Studio Goods</text><text x="585" y="560" font-family="system-ui, sans-serif" font-size="20" letter-spacing="4" text-anchor="end" fill="#fff8ec" opacity=".85">${label}</text>
<circle cx="560" cy="370" r="26" fill="#fff8ec" opacity=".4"/></g>`,
    };
  },
  giftbox(colour) {
    const box = lit(colour, { light: 0.2, dark: -0.25 });
    return {
      defs: box.def,
      svg: `${shadow(400, 650, 230, 24)}<rect x="220" y="380" width="360" height="260" fill="${box.fill}"/><rect x="205" y="330" width="390" height="70" fill="${shade(colour, 0.08)}"/>
<rect x="385" y="330" width="30" height="310" fill="#d9b26a"/><path d="M400 330 Q330 240 300 300 Q320 340 400 330 Q480 340 500 300 Q470 240 400 330 Z" fill="#d9b26a"/>`,
    };
  },
  cards(colour) {
    const stack = [0, 1, 2]
      .map(
        (i) =>
          `<rect x="${230 + i * 14}" y="${300 + i * 12}" width="300" height="330" fill="${i === 2 ? '#fbf8f2' : shade('#efe7da', -i * 0.04)}" stroke="#d6cdbd"/>`,
      )
      .join('');
    return {
      defs: '',
      svg: `${shadow(410, 650, 220, 22)}${stack}<circle cx="418" cy="440" r="70" fill="none" stroke="${colour}" stroke-width="6"/><text x="418" y="560" font-family="Georgia, serif" font-style="italic" font-size="32" text-anchor="middle" fill="${colour}">thank you</text>`,
    };
  },
  roll(colour) {
    const paper = lit(colour, { angle: 'vertical', light: 0.3, dark: -0.3 });
    const dots = Array.from(
      { length: 24 },
      (_, i) =>
        `<circle cx="${230 + (i % 8) * 50}" cy="${460 + Math.floor(i / 8) * 50}" r="8" fill="#fff7e8" opacity=".8"/>`,
    ).join('');
    return {
      defs: paper.def,
      svg: `${shadow(400, 640, 260, 20)}<rect x="200" y="420" width="400" height="180" rx="90" fill="${paper.fill}"/>${dots}<ellipse cx="600" cy="510" rx="40" ry="90" fill="${shade(colour, 0.15)}"/><ellipse cx="600" cy="510" rx="16" ry="36" fill="#b38b5a"/>`,
    };
  },
  bookends(colour) {
    const stone = lit(colour, { light: 0.3, dark: -0.2 });
    const book = (x, w, c) =>
      `<rect x="${x}" y="${330 + (w % 3) * 10}" width="${w}" height="${300 - (w % 3) * 10}" fill="${c}"/>`;
    return {
      defs: stone.def,
      svg: `${shadow(400, 650, 300, 22)}<path d="M150 640 V380 Q150 360 170 360 L230 360 V640 Z" fill="${stone.fill}"/><path d="M650 640 V380 Q650 360 630 360 L570 360 V640 Z" fill="${stone.fill}"/>
${book(235, 52, '#7a4e2d')}${book(290, 44, '#2f6a7d')}${book(337, 60, '#a3412b')}${book(400, 40, '#3d6b35')}${book(443, 56, '#d1b072')}${book(502, 64, '#37474f')}`,
    };
  },
  flowers(colour) {
    const stem = (x2, y2) => `<path d="M400 620 L${x2} ${y2}" stroke="#8b7a4f" stroke-width="5"/>`;
    const head = (x, y, c) =>
      `<circle cx="${x}" cy="${y}" r="26" fill="${c}"/><circle cx="${x}" cy="${y}" r="10" fill="${shade(c, -0.3)}"/>`;
    const tips = [
      [300, 230],
      [350, 190],
      [420, 170],
      [480, 210],
      [520, 260],
      [260, 290],
      [450, 250],
      [380, 250],
    ];
    return {
      defs: '',
      svg: `${shadow(400, 650, 160, 18)}${tips.map(([x, y]) => stem(x, y)).join('')}${tips.map(([x, y], i) => head(x, y, i % 3 === 0 ? colour : i % 3 === 1 ? shade(colour, 0.3) : '#d8c39a')).join('')}
<path d="M360 480 L440 480 L455 600 L345 600 Z" fill="#e9dcc3"/><rect x="350" y="500" width="100" height="18" fill="#a3412b"/>`,
    };
  },
  ticket(colour) {
    return {
      defs: '',
      svg: `${shadow(400, 620, 260, 20)}<g transform="rotate(-5 400 470)"><path d="M170 360 H630 V420 A30 30 0 0 0 630 480 V560 H170 V480 A30 30 0 0 0 170 420 Z" fill="#fbf7ef" stroke="${colour}" stroke-width="4"/>
<path d="M470 370 V550" stroke="${colour}" stroke-width="3" stroke-dasharray="10 8"/><text x="320" y="445" font-family="Georgia, serif" font-size="34" text-anchor="middle" fill="${colour}">Workshop</text><text x="320" y="490" font-family="system-ui, sans-serif" font-size="16" letter-spacing="4" text-anchor="middle" fill="#6b5d4d">ADMIT ONE</text>
<circle cx="550" cy="460" r="40" fill="${colour}" opacity=".85"/></g>`,
    };
  },
};

/** Each product's picture: object, its colour, and the room's wall and table. */
const PRODUCTS = {
  'linen-shirt': ['pair', '#eae4da', '#c9b8a0', ['shirt', '#d9c7a8'], ['shirt', '#2e3a4f']],
  'linen-shirt-sand': ['shirt', '#d9c7a8', '#eae4da', '#c9b8a0'],
  'linen-shirt-ink': ['shirt', '#2e3a4f', '#e4e2dd', '#b9ab98'],
  'wool-sweater': ['pair', '#e8e1d6', '#a88f72', ['knit', '#cbb28f'], ['knit', '#2b3447']],
  'wool-sweater-sand': ['knit', '#cbb28f', '#e8e1d6', '#a88f72'],
  'wool-sweater-ink': ['knit', '#2b3447', '#e2dfd8', '#a88f72'],
  'canvas-tote': ['tote', '#e7dcc5', '#d5dcd4', '#a89a85'],
  'ceramic-mug': ['mug', '#7c8c86', '#ece6dc', '#b6a58c'],
  'oak-board': ['board', '#c49a63', '#e9e4dc', '#8f877d'],
  'brass-pen': ['pen', '#c9a249', '#2f3136', '#4a4b50'],
  'field-notes': ['notebook', '#b5703f', '#e3e6e1', '#b3a48c'],
  'desk-lamp': ['lamp', '#2d2f33', '#dfe3e4', '#a48d70'],
  candle: ['candle', '#4a3b30', '#ece4d6', '#9c8467'],
  'throw-blanket': ['folded', '#9a6b55', '#e6e1da', '#bca98f'],
  planter: ['planter', '#c0693f', '#eee8de', '#b9a58a'],
  'coffee-beans': ['bag', '#8a5b3a', '#e9e2d6', '#b49c7e'],
  'tea-club': ['tin', '#4f6b4a', '#ebe5d8', '#b7a386'],
  'photo-presets': ['prints', '#7fa3b8', '#e5e8ea', '#c4b8a6'],
  'recipe-ebook': ['tablet', '#d08a5a', '#e7e3dc', '#b8a78f'],
  'pottery-class': ['bowl', '#b87c5a', '#e0dbd3', '#a7957e'],
  'design-consult': ['sketchbook', '#2f6a7d', '#e6e6e2', '#b5a58d'],
  'repair-service': ['tools', '#5b6770', '#e3e1dc', '#a8957a'],
  'gift-card': ['card', '#2f4f46', '#ebe4d8', '#b9a384'],
  'gift-box': ['giftbox', '#8b2f3a', '#eee6da', '#b9a384'],
  'greeting-cards': ['cards', '#a3412b', '#e4e0d8', '#b3a287'],
  'wrapping-paper': ['roll', '#2f5d7d', '#ebe6dc', '#b9a58a'],
  'silk-scarf': ['scarf', '#b4583a', '#e9e2d8', '#b3a287'],
  bookends: ['bookends', '#ece9e3', '#d9d4ca', '#9d8c74'],
  'flower-bundle': ['flowers', '#c7824f', '#ebe4d7', '#b09a7b'],
  'workshop-voucher': ['ticket', '#2f6a7d', '#e9e3d8', '#b5a389'],
};

function productObject(kind, colour) {
  if (kind === 'knit') return OBJECTS.shirt(colour, true);
  if (kind === 'scarf') return OBJECTS.folded(colour, false);
  return OBJECTS[kind](colour);
}

/** Several objects side by side on one table (a product's main picture showing its colours; journal pictures). */
function groupScene(width, height, horizon, [wall, table, ...objects], scale) {
  const scene = room(width, height, wall, table, horizon);
  const drawn = objects.map(([kind, colour]) => productObject(kind, colour));
  const step = width / (objects.length + 1);
  const placed = drawn
    .map(
      (object, i) =>
        `<g transform="translate(${step * (i + 1) - 400 * scale} ${horizon + 160 - 650 * scale}) scale(${scale})">${object.svg}</g>`,
    )
    .join('');
  return picture(width, height, scene, drawn, placed);
}

/** The SVG document: the room behind, the objects' drawing (`content`) on the table, grain in front. */
function picture(width, height, scene, objects, content) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${scene.defs}${objects.map((o) => o.defs).join('')}</defs>${scene.back}${content}${scene.front}</svg>`;
}

function productScene([kind, colour, wall, table, ...rest]) {
  if (kind === 'pair') return groupScene(PRODUCT, PRODUCT, 560, [colour, wall, table, ...rest], 0.6);
  const scene = room(PRODUCT, PRODUCT, wall, table, 560);
  const object = productObject(kind, colour);
  return picture(PRODUCT, PRODUCT, scene, [object], object.svg);
}

/** Journal pictures: two or three of the shop's objects on a wider table. */
const POSTS = {
  'opening-the-studio': ['#e8e1d5', '#a88f72', ['mug', '#7c8c86'], ['planter', '#c0693f'], ['bowl', '#b87c5a']],
  'how-we-fire-mugs': ['#d9d1c5', '#8f7d66', ['mug', '#a3412b'], ['mug', '#7c8c86'], ['mug', '#d9c7a8']],
  'linen-care': ['#e6e3dc', '#b9ab98', ['folded', '#d9c7a8'], ['shirt', '#2e3a4f']],
  'summer-sale': ['#f0e3cf', '#c4a57c', ['tote', '#e7dcc5'], ['roll', '#2f5d7d'], ['notebook', '#b5703f']],
  'coffee-origins': ['#e5ddd0', '#8a7257', ['bag', '#8a5b3a'], ['mug', '#2d2f33']],
  'gift-guide': ['#ece4d6', '#b9a384', ['giftbox', '#8b2f3a'], ['card', '#2f4f46'], ['candle', '#4a3b30']],
  'behind-the-scenes': ['#dfe3e4', '#a48d70', ['giftbox', '#b5703f'], ['tools', '#5b6770'], ['cards', '#a3412b']],
  'new-classes': ['#e0dbd3', '#a7957e', ['bowl', '#b87c5a'], ['ticket', '#2f6a7d']],
};

function postScene(spec) {
  return groupScene(POST.width, POST.height, 540, spec, spec.length === 5 ? 0.78 : 0.95);
}

async function write(name, svg) {
  const file = join(OUT, `${name}.webp`);
  await sharp(Buffer.from(svg)).webp({ quality: 74, effort: 6 }).toFile(file);
  return statSync(file).size;
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
let total = 0;
for (const [name, spec] of Object.entries(PRODUCTS)) total += await write(name, productScene(spec));
for (const [name, spec] of Object.entries(POSTS)) total += await write(name, postScene(spec));
console.log(`${readdirSync(OUT).length} images, ${(total / 1024).toFixed(0)} KB in ${OUT}`);
