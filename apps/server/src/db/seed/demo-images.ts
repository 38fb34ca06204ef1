// Pictures for a few demo products, drawn here as SVG (shapes only, no text, so no font is
// needed) and rasterised with sharp, then re-encoded exactly as an owner's upload is. Nothing is
// fetched from anywhere. They are rendered once per process: tests seed the demo shop often.
import { loadSharp, type ReencodedImage, reencodeImage } from '../../modules/catalog/images.js'

const WIDTH = 800
const HEIGHT = 600

/** A picture on a soft two-colour background, with a shadow under its subject. */
function scene(from: string, to: string, subject: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <ellipse cx="400" cy="528" rx="230" ry="24" fill="#0f172a" opacity="0.1"/>
  ${subject}
</svg>`
}

const drawings = {
  giftCard: () =>
    scene(
      '#ede9fe',
      '#c7d2fe',
      `<defs><linearGradient id="card" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#8b5cf6"/>
      </linearGradient></defs>
      <rect x="170" y="160" width="460" height="300" rx="30" fill="url(#card)"/>
      <rect x="330" y="160" width="46" height="300" fill="#fbbf24"/>
      <rect x="170" y="276" width="460" height="46" fill="#fbbf24"/>
      <ellipse cx="318" cy="270" rx="58" ry="30" transform="rotate(-28 318 270)" fill="#f59e0b"/>
      <ellipse cx="390" cy="270" rx="58" ry="30" transform="rotate(28 390 270)" fill="#f59e0b"/>
      <circle cx="353" cy="298" r="24" fill="#fcd34d"/>
      <rect x="440" y="392" width="150" height="18" rx="9" fill="#ffffff" opacity="0.55"/>
      <rect x="470" y="200" width="120" height="18" rx="9" fill="#ffffff" opacity="0.35"/>`,
    ),
  coffeeBag: () =>
    scene(
      '#fef3c7',
      '#fde68a',
      `<path d="M262 180 L538 180 L566 500 Q568 522 546 522 L254 522 Q232 522 234 500 Z" fill="#b7834c"/>
      <path d="M262 180 L300 180 L282 522 L254 522 Q232 522 234 500 Z" fill="#a16f3b"/>
      <rect x="256" y="128" width="288" height="58" rx="8" fill="#8b5a2b"/>
      <path d="M276 140 V174 M304 140 V174 M332 140 V174 M360 140 V174 M388 140 V174 M416 140 V174 M444 140 V174 M472 140 V174 M500 140 V174 M528 140 V174" stroke="#a97442" stroke-width="6"/>
      <circle cx="404" cy="350" r="88" fill="#fff7ed"/>
      <g transform="rotate(-24 404 350)">
        <ellipse cx="404" cy="350" rx="38" ry="54" fill="#6b3410"/>
        <path d="M404 298 C382 330 426 370 404 402" stroke="#fff7ed" stroke-width="7" fill="none"/>
      </g>
      <ellipse cx="600" cy="506" rx="20" ry="28" transform="rotate(60 600 506)" fill="#6b3410"/>
      <ellipse cx="196" cy="510" rx="18" ry="26" transform="rotate(-50 196 510)" fill="#6b3410"/>`,
    ),
  book: () =>
    scene(
      '#dcfce7',
      '#a7f3d0',
      `<rect x="262" y="138" width="316" height="368" rx="10" fill="#f8fafc"/>
      <path d="M566 150 V494" stroke="#e2e8f0" stroke-width="4"/>
      <path d="M552 150 V494" stroke="#e2e8f0" stroke-width="4"/>
      <rect x="222" y="122" width="334" height="374" rx="14" fill="#047857"/>
      <rect x="222" y="122" width="40" height="374" rx="14" fill="#065f46"/>
      <rect x="302" y="196" width="196" height="92" rx="10" fill="#fef3c7"/>
      <rect x="326" y="222" width="148" height="14" rx="7" fill="#b45309"/>
      <rect x="350" y="250" width="100" height="12" rx="6" fill="#d97706"/>
      <path d="M470 496 V560 L490 542 L510 560 V496 Z" fill="#dc2626"/>`,
    ),
  earbuds: () =>
    scene(
      '#e0f2fe',
      '#bae6fd',
      `<rect x="250" y="300" width="300" height="200" rx="90" fill="#ffffff"/>
      <path d="M262 370 H538" stroke="#cbd5e1" stroke-width="6"/>
      <circle cx="400" cy="430" r="8" fill="#22c55e"/>
      <g fill="#f8fafc" stroke="#94a3b8" stroke-width="4">
        <rect x="292" y="150" width="30" height="130" rx="15" transform="rotate(-14 307 215)"/>
        <circle cx="318" cy="150" r="46"/>
        <rect x="478" y="150" width="30" height="130" rx="15" transform="rotate(14 493 215)"/>
        <circle cx="482" cy="150" r="46"/>
      </g>
      <circle cx="318" cy="150" r="18" fill="#334155"/>
      <circle cx="482" cy="150" r="18" fill="#334155"/>`,
    ),
  creamTube: () =>
    scene(
      '#fce7f3',
      '#fbcfe8',
      `<rect x="282" y="100" width="236" height="36" rx="6" fill="#e2e8f0"/>
      <path d="M300 136 V130 M330 136 V104 M360 136 V104 M390 136 V104 M420 136 V104 M450 136 V104 M480 136 V104" stroke="#cbd5e1" stroke-width="5"/>
      <path d="M292 136 H508 L468 424 H332 Z" fill="#ffffff"/>
      <path d="M306 230 H494 L478 340 H322 Z" fill="#f9a8d4"/>
      <path d="M400 250 C372 282 372 312 400 320 C428 312 428 282 400 250 Z" fill="#db2777"/>
      <rect x="346" y="420" width="108" height="82" rx="12" fill="#db2777"/>
      <rect x="346" y="420" width="108" height="14" fill="#be185d"/>`,
    ),
  headphones: () =>
    scene(
      '#f1f5f9',
      '#cbd5e1',
      `<path d="M236 372 A164 164 0 0 1 564 372" stroke="#334155" stroke-width="34" fill="none" stroke-linecap="round"/>
      <path d="M262 300 A150 150 0 0 1 538 300" stroke="#64748b" stroke-width="8" fill="none" stroke-linecap="round"/>
      <rect x="190" y="330" width="96" height="164" rx="42" fill="#0f172a"/>
      <rect x="266" y="348" width="36" height="128" rx="16" fill="#475569"/>
      <rect x="514" y="330" width="96" height="164" rx="42" fill="#0f172a"/>
      <rect x="498" y="348" width="36" height="128" rx="16" fill="#475569"/>
      <rect x="214" y="362" width="14" height="60" rx="7" fill="#ffffff" opacity="0.25"/>`,
    ),
} satisfies Record<string, () => string>

/** The drawings a demo product may have as its image. */
export type DemoDrawing = keyof typeof drawings

let rendered: Promise<Map<DemoDrawing, ReencodedImage>> | null = null

/** Every drawing as a product image would be stored (rendered on the first call only). */
export function demoImages(): Promise<Map<DemoDrawing, ReencodedImage>> {
  rendered ??= Promise.all(
    (Object.keys(drawings) as DemoDrawing[]).map(async (name) => {
      const sharp = await loadSharp()
      const png = await sharp(Buffer.from(drawings[name]())).png().toBuffer()
      return [name, await reencodeImage(png, 'image/png')] as const
    }),
  ).then((entries) => new Map(entries))
  // A failed render is tried again by the next seed rather than remembered.
  rendered.catch(() => {
    rendered = null
  })
  return rendered
}
