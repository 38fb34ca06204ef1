// The demo shop's cities and districts, named in English and Lithuanian. Proper names are the
// same in both languages; "Senamiestis", "Naujamiestis" and "Centras" are translated.

/** A text in both languages of the shop. */
export interface Bilingual {
  en: string
  lt: string
}

export interface DemoCity {
  name: Bilingual
  districts: Bilingual[]
}

/** A place name that is the same in both languages. */
const same = (name: string): Bilingual => ({ en: name, lt: name })
const oldTown: Bilingual = { en: 'Old Town', lt: 'Senamiestis' }
const newTown: Bilingual = { en: 'New Town', lt: 'Naujamiestis' }
const centre: Bilingual = { en: 'City Centre', lt: 'Centras' }

export const demoCities: DemoCity[] = [
  {
    name: same('Vilnius'),
    districts: [
      oldTown,
      newTown,
      ...['Žvėrynas', 'Antakalnis', 'Žirmūnai', 'Šeškinė', 'Pašilaičiai', 'Fabijoniškės'].map(same),
    ],
  },
  {
    name: same('Kaunas'),
    districts: [
      oldTown,
      newTown,
      ...['Žaliakalnis', 'Šilainiai', 'Dainava', 'Aleksotas', 'Vilijampolė', 'Panemunė'].map(same),
    ],
  },
  {
    name: same('Klaipėda'),
    districts: [
      oldTown,
      ...['Smiltynė', 'Melnragė', 'Giruliai', 'Debrecenas', 'Pempininkai', 'Bandužiai'].map(same),
    ],
  },
  {
    name: same('Šiauliai'),
    districts: [
      centre,
      ...['Dainai', 'Lieporiai', 'Gytariai', 'Kalniukas', 'Šimšė', 'Rėkyva'].map(same),
    ],
  },
  {
    name: same('Panevėžys'),
    districts: [centre, oldTown, ...['Senvagė', 'Kniaudiškiai', 'Skaistakalnis'].map(same)],
  },
]
