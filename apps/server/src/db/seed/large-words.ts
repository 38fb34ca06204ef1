// The words the large generated shop (large-shop.ts) names its products with, in English and
// Lithuanian, and the towns it adds to the demo's cities. Lithuanian adjectives are given in the
// gender of the noun they go with (each noun names its own), so every name reads as Lithuanian.
import type { Bilingual } from './demo-places.js'

export interface Noun {
  en: string
  lt: string
  /** Grammatical gender of the Lithuanian noun (its adjectives agree with it). */
  gender: 'm' | 'f'
  /** Plural nouns take plural adjectives. */
  plural: boolean
  category: 'electronics' | 'book' | 'coffee' | 'cosmetics'
  /** Price range in euro cents. */
  cents: [number, number]
}

export interface Adjective {
  en: string
  /** Masculine singular, feminine singular, masculine plural, feminine plural. */
  lt: [string, string, string, string]
}

const noun = (
  en: string,
  lt: string,
  gender: 'm' | 'f',
  plural: boolean,
  category: Noun['category'],
  cents: [number, number],
): Noun => ({ en, lt, gender, plural, category, cents })

export const NOUNS: readonly Noun[] = [
  noun('coffee beans', 'kavos pupelės', 'f', true, 'coffee', [590, 2490]),
  noun('ground coffee', 'malta kava', 'f', false, 'coffee', [490, 1890]),
  noun('green tea', 'žalioji arbata', 'f', false, 'coffee', [350, 1490]),
  noun('herbal tea', 'žolelių arbata', 'f', false, 'coffee', [290, 990]),
  noun('cocoa', 'kakava', 'f', false, 'coffee', [390, 1190]),
  noun('honey', 'medus', 'm', false, 'coffee', [490, 1990]),
  noun('chocolate', 'šokoladas', 'm', false, 'coffee', [190, 890]),
  noun('notebook', 'užrašų knygelė', 'f', false, 'book', [290, 1590]),
  noun('novel', 'romanas', 'm', false, 'book', [790, 2490]),
  noun('cookbook', 'receptų knyga', 'f', false, 'book', [990, 3490]),
  noun('poetry book', 'poezijos knyga', 'f', false, 'book', [690, 1990]),
  noun('atlas', 'atlasas', 'm', false, 'book', [1290, 3990]),
  noun('headphones', 'ausinės', 'f', true, 'electronics', [1990, 19990]),
  noun('power bank', 'išorinė baterija', 'f', false, 'electronics', [1490, 5990]),
  noun('charger', 'įkroviklis', 'm', false, 'electronics', [990, 3990]),
  noun('speaker', 'garsiakalbis', 'm', false, 'electronics', [2490, 14990]),
  noun('keyboard', 'klaviatūra', 'f', false, 'electronics', [1990, 12990]),
  noun('mouse', 'pelė', 'f', false, 'electronics', [990, 6990]),
  noun('cable', 'laidas', 'm', false, 'electronics', [390, 1990]),
  noun('lamp', 'lempa', 'f', false, 'electronics', [1490, 7990]),
  noun('hand cream', 'rankų kremas', 'm', false, 'cosmetics', [390, 2490]),
  noun('soap', 'muilas', 'm', false, 'cosmetics', [190, 990]),
  noun('shampoo', 'šampūnas', 'm', false, 'cosmetics', [390, 1990]),
  noun('lip balm', 'lūpų balzamas', 'm', false, 'cosmetics', [190, 890]),
  noun('candle', 'žvakė', 'f', false, 'cosmetics', [490, 2990]),
  noun('body oil', 'kūno aliejus', 'm', false, 'cosmetics', [690, 3490]),
  noun('face mask', 'veido kaukė', 'f', false, 'cosmetics', [290, 1490]),
  noun('bath salts', 'vonios druskos', 'f', true, 'cosmetics', [390, 1890]),
]

export const ADJECTIVES: readonly Adjective[] = [
  { en: 'Organic', lt: ['Ekologiškas', 'Ekologiška', 'Ekologiški', 'Ekologiškos'] },
  { en: 'Classic', lt: ['Klasikinis', 'Klasikinė', 'Klasikiniai', 'Klasikinės'] },
  { en: 'Small', lt: ['Mažas', 'Maža', 'Maži', 'Mažos'] },
  { en: 'Large', lt: ['Didelis', 'Didelė', 'Dideli', 'Didelės'] },
  { en: 'Green', lt: ['Žalias', 'Žalia', 'Žali', 'Žalios'] },
  { en: 'Dark', lt: ['Tamsus', 'Tamsi', 'Tamsūs', 'Tamsios'] },
  { en: 'Light', lt: ['Šviesus', 'Šviesi', 'Šviesūs', 'Šviesios'] },
  { en: 'Wooden', lt: ['Medinis', 'Medinė', 'Mediniai', 'Medinės'] },
  { en: 'Northern', lt: ['Šiaurinis', 'Šiaurinė', 'Šiauriniai', 'Šiaurinės'] },
  { en: 'Amber', lt: ['Gintarinis', 'Gintarinė', 'Gintariniai', 'Gintarinės'] },
  { en: 'Linen', lt: ['Lininis', 'Lininė', 'Lininiai', 'Lininės'] },
  { en: 'Smooth', lt: ['Švelnus', 'Švelni', 'Švelnūs', 'Švelnios'] },
  { en: 'Fresh', lt: ['Šviežias', 'Šviežia', 'Švieži', 'Šviežios'] },
  { en: 'Golden', lt: ['Auksinis', 'Auksinė', 'Auksiniai', 'Auksinės'] },
  { en: 'Winter', lt: ['Žieminis', 'Žieminė', 'Žieminiai', 'Žieminės'] },
  { en: 'Summer', lt: ['Vasarinis', 'Vasarinė', 'Vasariniai', 'Vasarinės'] },
]

/** Makers, the same in both languages. */
export const MAKERS: readonly string[] = [
  'Baltija',
  'Nemunas',
  'Gintaras',
  'Rūta',
  'Žalgiris',
  'Vėjas',
  'Ąžuolas',
  'Šilas',
  'Ežerėlis',
  'Kopa',
  'Giria',
  'Aušra',
]

/** Towns the large shop adds to the demo's five cities, each with its districts. */
export const EXTRA_TOWNS: readonly { name: string; districts: Bilingual[] }[] = [
  'Alytus',
  'Marijampolė',
  'Mažeikiai',
  'Jonava',
  'Utena',
  'Kėdainiai',
  'Telšiai',
  'Tauragė',
  'Ukmergė',
  'Visaginas',
  'Plungė',
  'Kretinga',
  'Palanga',
  'Radviliškis',
  'Druskininkai',
].map((name) => ({
  name,
  districts: [
    { en: 'City Centre', lt: 'Centras' },
    { en: 'Old Town', lt: 'Senamiestis' },
    { en: 'North', lt: 'Šiaurė' },
    { en: 'South', lt: 'Pietūs' },
  ],
}))
