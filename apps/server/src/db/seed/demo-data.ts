// Demo data for development and screenshots. Plain typed data, no imports.
// Prices are integer euro cents; times are ISO 8601 strings in UTC.

export interface DemoCity {
  name: string
  districts: string[]
}

export const demoCities: DemoCity[] = [
  {
    name: 'Vilnius',
    districts: [
      'Senamiestis',
      'Naujamiestis',
      'Žvėrynas',
      'Antakalnis',
      'Žirmūnai',
      'Šeškinė',
      'Pašilaičiai',
      'Fabijoniškės',
    ],
  },
  {
    name: 'Kaunas',
    districts: [
      'Senamiestis',
      'Naujamiestis',
      'Žaliakalnis',
      'Šilainiai',
      'Dainava',
      'Aleksotas',
      'Vilijampolė',
      'Panemunė',
    ],
  },
  {
    name: 'Klaipėda',
    districts: [
      'Senamiestis',
      'Smiltynė',
      'Melnragė',
      'Giruliai',
      'Debrecenas',
      'Pempininkai',
      'Bandužiai',
    ],
  },
  {
    name: 'Šiauliai',
    districts: ['Centras', 'Dainai', 'Lieporiai', 'Gytariai', 'Kalniukas', 'Šimšė', 'Rėkyva'],
  },
  {
    name: 'Panevėžys',
    districts: ['Centras', 'Senamiestis', 'Senvagė', 'Kniaudiškiai', 'Skaistakalnis'],
  },
]

export type DemoProductCategory = 'gift_card' | 'electronics' | 'book' | 'coffee' | 'cosmetics'

export interface DemoProduct {
  name: string
  category: DemoProductCategory
  priceCents: number
  stock: number
  city: string
  district: string
}

export const demoProducts: DemoProduct[] = [
  // Vilnius (16)
  {
    name: 'Gift card 25 EUR',
    category: 'gift_card',
    priceCents: 2500,
    stock: 25,
    city: 'Vilnius',
    district: 'Senamiestis',
  },
  {
    name: 'Ethiopian Yirgacheffe coffee beans 250 g',
    category: 'coffee',
    priceCents: 1290,
    stock: 14,
    city: 'Vilnius',
    district: 'Senamiestis',
  },
  {
    name: 'Pride and Prejudice (paperback)',
    category: 'book',
    priceCents: 899,
    stock: 6,
    city: 'Vilnius',
    district: 'Senamiestis',
  },
  {
    name: 'USB-C charging cable 1 m',
    category: 'electronics',
    priceCents: 799,
    stock: 25,
    city: 'Vilnius',
    district: 'Naujamiestis',
  },
  {
    name: 'Wireless earbuds',
    category: 'electronics',
    priceCents: 4999,
    stock: 8,
    city: 'Vilnius',
    district: 'Naujamiestis',
  },
  {
    name: 'Gift card 75 EUR',
    category: 'gift_card',
    priceCents: 7500,
    stock: 10,
    city: 'Vilnius',
    district: 'Naujamiestis',
  },
  {
    name: 'Hand cream with shea butter 75 ml',
    category: 'cosmetics',
    priceCents: 699,
    stock: 12,
    city: 'Vilnius',
    district: 'Žvėrynas',
  },
  {
    name: 'Colombian Supremo coffee beans 500 g',
    category: 'coffee',
    priceCents: 1890,
    stock: 0,
    city: 'Vilnius',
    district: 'Žvėrynas',
  },
  {
    name: 'Moby-Dick (hardcover)',
    category: 'book',
    priceCents: 1499,
    stock: 3,
    city: 'Vilnius',
    district: 'Antakalnis',
  },
  {
    name: 'Splash-resistant Bluetooth speaker',
    category: 'electronics',
    priceCents: 5999,
    stock: 4,
    city: 'Vilnius',
    district: 'Antakalnis',
  },
  {
    name: 'Power bank 10000 mAh',
    category: 'electronics',
    priceCents: 2499,
    stock: 10,
    city: 'Vilnius',
    district: 'Žirmūnai',
  },
  {
    name: 'Beeswax lip balm 4.8 g',
    category: 'cosmetics',
    priceCents: 349,
    stock: 20,
    city: 'Vilnius',
    district: 'Žirmūnai',
  },
  {
    name: 'Gift card 50 EUR',
    category: 'gift_card',
    priceCents: 5000,
    stock: 15,
    city: 'Vilnius',
    district: 'Šeškinė',
  },
  {
    name: 'Decaf Colombian ground coffee 250 g',
    category: 'coffee',
    priceCents: 999,
    stock: 9,
    city: 'Vilnius',
    district: 'Šeškinė',
  },
  {
    name: 'Wireless mouse',
    category: 'electronics',
    priceCents: 1999,
    stock: 7,
    city: 'Vilnius',
    district: 'Pašilaičiai',
  },
  {
    name: 'Facial moisturiser SPF 30 50 ml',
    category: 'cosmetics',
    priceCents: 1599,
    stock: 0,
    city: 'Vilnius',
    district: 'Fabijoniškės',
  },

  // Kaunas (13)
  {
    name: 'Frankenstein (paperback)',
    category: 'book',
    priceCents: 799,
    stock: 5,
    city: 'Kaunas',
    district: 'Senamiestis',
  },
  {
    name: 'Espresso blend coffee beans 1 kg',
    category: 'coffee',
    priceCents: 2990,
    stock: 6,
    city: 'Kaunas',
    district: 'Senamiestis',
  },
  {
    name: 'Noise-cancelling headphones',
    category: 'electronics',
    priceCents: 8999,
    stock: 2,
    city: 'Kaunas',
    district: 'Naujamiestis',
  },
  {
    name: 'Gift card 10 EUR',
    category: 'gift_card',
    priceCents: 1000,
    stock: 25,
    city: 'Kaunas',
    district: 'Naujamiestis',
  },
  {
    name: 'Kenyan AA coffee beans 250 g',
    category: 'coffee',
    priceCents: 1450,
    stock: 11,
    city: 'Kaunas',
    district: 'Žaliakalnis',
  },
  {
    name: 'Aloe vera shower gel 250 ml',
    category: 'cosmetics',
    priceCents: 499,
    stock: 18,
    city: 'Kaunas',
    district: 'Žaliakalnis',
  },
  {
    name: 'USB-C wall charger 20 W',
    category: 'electronics',
    priceCents: 1499,
    stock: 13,
    city: 'Kaunas',
    district: 'Šilainiai',
  },
  {
    name: 'Dracula (paperback)',
    category: 'book',
    priceCents: 849,
    stock: 0,
    city: 'Kaunas',
    district: 'Šilainiai',
  },
  {
    name: 'Mechanical keyboard',
    category: 'electronics',
    priceCents: 5499,
    stock: 3,
    city: 'Kaunas',
    district: 'Dainava',
  },
  {
    name: 'Argan oil shampoo 300 ml',
    category: 'cosmetics',
    priceCents: 899,
    stock: 10,
    city: 'Kaunas',
    district: 'Aleksotas',
  },
  {
    name: 'HDMI cable 2 m',
    category: 'electronics',
    priceCents: 699,
    stock: 16,
    city: 'Kaunas',
    district: 'Vilijampolė',
  },
  {
    name: "Alice's Adventures in Wonderland (illustrated)",
    category: 'book',
    priceCents: 1299,
    stock: 4,
    city: 'Kaunas',
    district: 'Panemunė',
  },
  {
    name: 'Gift card 20 EUR',
    category: 'gift_card',
    priceCents: 2000,
    stock: 20,
    city: 'Kaunas',
    district: 'Panemunė',
  },

  // Klaipėda (11)
  {
    name: 'Brazilian Santos coffee beans 250 g',
    category: 'coffee',
    priceCents: 1190,
    stock: 9,
    city: 'Klaipėda',
    district: 'Senamiestis',
  },
  {
    name: 'The Adventures of Sherlock Holmes (paperback)',
    category: 'book',
    priceCents: 949,
    stock: 7,
    city: 'Klaipėda',
    district: 'Senamiestis',
  },
  {
    name: 'Sunscreen lotion SPF 50 200 ml',
    category: 'cosmetics',
    priceCents: 1399,
    stock: 8,
    city: 'Klaipėda',
    district: 'Smiltynė',
  },
  {
    name: 'Waterproof phone pouch',
    category: 'electronics',
    priceCents: 599,
    stock: 15,
    city: 'Klaipėda',
    district: 'Melnragė',
  },
  {
    name: 'Sea salt body scrub 200 g',
    category: 'cosmetics',
    priceCents: 1099,
    stock: 6,
    city: 'Klaipėda',
    district: 'Melnragė',
  },
  {
    name: 'Gift card 15 EUR',
    category: 'gift_card',
    priceCents: 1500,
    stock: 25,
    city: 'Klaipėda',
    district: 'Giruliai',
  },
  {
    name: 'Smart watch with heart-rate monitor',
    category: 'electronics',
    priceCents: 7999,
    stock: 3,
    city: 'Klaipėda',
    district: 'Debrecenas',
  },
  {
    name: 'Guatemalan Antigua ground coffee 250 g',
    category: 'coffee',
    priceCents: 1150,
    stock: 12,
    city: 'Klaipėda',
    district: 'Debrecenas',
  },
  {
    name: 'Great Expectations (paperback)',
    category: 'book',
    priceCents: 999,
    stock: 5,
    city: 'Klaipėda',
    district: 'Pempininkai',
  },
  {
    name: 'microSD card 64 GB',
    category: 'electronics',
    priceCents: 1299,
    stock: 14,
    city: 'Klaipėda',
    district: 'Bandužiai',
  },
  {
    name: 'Unscented deodorant 50 ml',
    category: 'cosmetics',
    priceCents: 599,
    stock: 0,
    city: 'Klaipėda',
    district: 'Bandužiai',
  },

  // Šiauliai (10)
  {
    name: 'Gift card 30 EUR',
    category: 'gift_card',
    priceCents: 3000,
    stock: 20,
    city: 'Šiauliai',
    district: 'Centras',
  },
  {
    name: 'Webcam 1080p',
    category: 'electronics',
    priceCents: 3999,
    stock: 5,
    city: 'Šiauliai',
    district: 'Centras',
  },
  {
    name: 'Jane Eyre (paperback)',
    category: 'book',
    priceCents: 899,
    stock: 4,
    city: 'Šiauliai',
    district: 'Centras',
  },
  {
    name: 'Peruvian organic coffee beans 250 g',
    category: 'coffee',
    priceCents: 1350,
    stock: 10,
    city: 'Šiauliai',
    district: 'Dainai',
  },
  {
    name: 'Rose water facial toner 200 ml',
    category: 'cosmetics',
    priceCents: 799,
    stock: 9,
    city: 'Šiauliai',
    district: 'Lieporiai',
  },
  {
    name: 'USB flash drive 64 GB',
    category: 'electronics',
    priceCents: 1099,
    stock: 17,
    city: 'Šiauliai',
    district: 'Gytariai',
  },
  {
    name: 'Coffee filter papers size 4, 100 pcs',
    category: 'coffee',
    priceCents: 299,
    stock: 25,
    city: 'Šiauliai',
    district: 'Kalniukas',
  },
  {
    name: 'Tea tree face wash 150 ml',
    category: 'cosmetics',
    priceCents: 649,
    stock: 11,
    city: 'Šiauliai',
    district: 'Šimšė',
  },
  {
    name: 'The Time Machine (paperback)',
    category: 'book',
    priceCents: 699,
    stock: 6,
    city: 'Šiauliai',
    district: 'Rėkyva',
  },
  {
    name: 'Aluminium phone stand',
    category: 'electronics',
    priceCents: 1299,
    stock: 8,
    city: 'Šiauliai',
    district: 'Rėkyva',
  },

  // Panevėžys (10)
  {
    name: 'Gift card 40 EUR',
    category: 'gift_card',
    priceCents: 4000,
    stock: 10,
    city: 'Panevėžys',
    district: 'Centras',
  },
  {
    name: 'E-book reader 6 inch',
    category: 'electronics',
    priceCents: 8499,
    stock: 2,
    city: 'Panevėžys',
    district: 'Centras',
  },
  {
    name: 'The Count of Monte Cristo (paperback)',
    category: 'book',
    priceCents: 1399,
    stock: 3,
    city: 'Panevėžys',
    district: 'Senamiestis',
  },
  {
    name: 'Sumatra Mandheling coffee beans 250 g',
    category: 'coffee',
    priceCents: 1250,
    stock: 8,
    city: 'Panevėžys',
    district: 'Senamiestis',
  },
  {
    name: 'Lavender liquid hand soap 300 ml',
    category: 'cosmetics',
    priceCents: 449,
    stock: 22,
    city: 'Panevėžys',
    district: 'Senvagė',
  },
  {
    name: 'Wireless charging pad',
    category: 'electronics',
    priceCents: 1799,
    stock: 7,
    city: 'Panevėžys',
    district: 'Kniaudiškiai',
  },
  {
    name: 'Instant coffee granules 200 g',
    category: 'coffee',
    priceCents: 699,
    stock: 13,
    city: 'Panevėžys',
    district: 'Kniaudiškiai',
  },
  {
    name: 'Gift card 5 EUR',
    category: 'gift_card',
    priceCents: 500,
    stock: 25,
    city: 'Panevėžys',
    district: 'Kniaudiškiai',
  },
  {
    name: 'Crime and Punishment (paperback)',
    category: 'book',
    priceCents: 1099,
    stock: 5,
    city: 'Panevėžys',
    district: 'Skaistakalnis',
  },
  {
    name: 'Vitamin C face serum 30 ml',
    category: 'cosmetics',
    priceCents: 1899,
    stock: 6,
    city: 'Panevėžys',
    district: 'Skaistakalnis',
  },
]

export interface DemoCoupon {
  code: string
  kind: 'percent' | 'fixed'
  percentOff: number | null
  amountOffCents: number | null
  minSubtotalCents: number | null
  startsAt: string | null
  endsAt: string | null
  maxRedemptions: number | null
  maxPerUser: number | null
  timesRedeemed: number
  active: boolean
  description: string
}

export const demoCoupons: DemoCoupon[] = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    percentOff: 10,
    amountOffCents: null,
    minSubtotalCents: null,
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    maxPerUser: 1,
    timesRedeemed: 0,
    active: true,
    description: 'Welcome offer: 10% off your first order, once per customer.',
  },
  {
    code: 'FIVEOFF',
    kind: 'fixed',
    percentOff: null,
    amountOffCents: 500,
    minSubtotalCents: 2000,
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    maxPerUser: null,
    timesRedeemed: 0,
    active: true,
    description: '5 EUR off orders of 20 EUR or more.',
  },
  {
    code: 'SUMMER2025',
    kind: 'percent',
    percentOff: 15,
    amountOffCents: null,
    minSubtotalCents: null,
    startsAt: '2025-06-01T00:00:00Z',
    endsAt: '2025-09-01T00:00:00Z',
    maxRedemptions: null,
    maxPerUser: null,
    timesRedeemed: 0,
    active: true,
    description: 'Summer 2025 sale: 15% off (expired on 1 September 2025).',
  },
  {
    code: 'LAUNCH50',
    kind: 'percent',
    percentOff: 50,
    amountOffCents: null,
    minSubtotalCents: null,
    startsAt: null,
    endsAt: null,
    maxRedemptions: 100,
    maxPerUser: 1,
    timesRedeemed: 100,
    active: true,
    description: 'Launch offer: 50% off for the first 100 orders (all used up).',
  },
  {
    code: 'NEWYEAR',
    kind: 'fixed',
    percentOff: null,
    amountOffCents: 300,
    minSubtotalCents: null,
    startsAt: '2027-01-01T00:00:00Z',
    endsAt: null,
    maxRedemptions: null,
    maxPerUser: null,
    timesRedeemed: 0,
    active: true,
    description: 'New Year offer: 3 EUR off, valid from 1 January 2027.',
  },
]

export interface DemoSupportCategory {
  slug: string
  nameEn: string
  nameLt: string
}

export const demoSupportCategories: DemoSupportCategory[] = [
  { slug: 'orders', nameEn: 'Orders', nameLt: 'Užsakymai' },
  { slug: 'payments', nameEn: 'Payments', nameLt: 'Mokėjimai' },
  { slug: 'account', nameEn: 'Account', nameLt: 'Paskyra' },
  { slug: 'products', nameEn: 'Products', nameLt: 'Prekės' },
  { slug: 'other', nameEn: 'Other', nameLt: 'Kita' },
]

export interface DemoFaqEntry {
  questionEn: string
  answerEn: string
  questionLt: string
  answerLt: string
}

export const demoFaq: DemoFaqEntry[] = [
  {
    questionEn: 'Do I need an e-mail address or a phone number to sign up?',
    answerEn:
      'No. An account needs only a username and a password. If the Telegram login is shown on the home page, you can also sign in with Telegram. We never ask for an e-mail address or a phone number, so choose a strong password and keep it safe.',
    questionLt: 'Ar registruojantis reikia nurodyti el. pašto adresą ar telefono numerį?',
    answerLt:
      'Ne. Paskyrai sukurti pakanka naudotojo vardo ir slaptažodžio. Jei pagrindiniame puslapyje rodoma galimybė prisijungti per „Telegram“, galite ja pasinaudoti. El. pašto adreso ar telefono numerio niekada neprašome, todėl pasirinkite patikimą slaptažodį ir saugokite jį.',
  },
  {
    questionEn: 'How do I top up my balance with SOL?',
    answerEn:
      'Open the Balance page, enter an amount of at least 5 EUR and start the top-up. You will see a wallet address, the exact SOL amount and a QR code. Send exactly that amount to that address from your own wallet within 15 minutes. Once the transfer is confirmed, its euro value is added to your balance.',
    questionLt: 'Kaip papildyti balansą SOL kriptovaliuta?',
    answerLt:
      'Atsidarykite balanso puslapį, įveskite ne mažesnę kaip 5 EUR sumą ir pradėkite papildymą. Bus parodytas piniginės adresas, tiksli SOL suma ir QR kodas. Per 15 minučių iš savo piniginės į šį adresą išsiųskite lygiai nurodytą sumą. Kai pervedimas bus patvirtintas, jo vertė eurais bus įskaityta į jūsų balansą.',
  },
  {
    questionEn: 'How long does it take for a SOL payment to be confirmed?',
    answerEn:
      'Usually 1-2 minutes. The payment screen checks the status automatically every 30 seconds, and you can also check it yourself at any time with the check button. When the network is busy it may take a little longer; there is no need to send the payment again.',
    questionLt: 'Per kiek laiko patvirtinamas SOL mokėjimas?',
    answerLt:
      'Dažniausiai per 1–2 minutes. Mokėjimo lange būsena automatiškai tikrinama kas 30 sekundžių, be to, ją bet kada galite patikrinti patys paspaudę tikrinimo mygtuką. Kai tinklas apkrautas, patvirtinimas gali užtrukti kiek ilgiau, tačiau mokėjimo kartoti nereikia.',
  },
  {
    questionEn: 'What happens if I send too much, too little, or after the payment has expired?',
    answerEn:
      'Nothing is lost. If you send more than asked, the difference is credited to your balance. If you send less, or the transfer arrives after the 15 minutes have run out (we keep watching for late transfers for 24 hours), the payment is not completed, but the euro value of what arrived is credited to your balance at the rate fixed when the payment was created, ready for your next purchase. If a transfer does not show up, open a support ticket and include the payment code.',
    questionLt: 'Kas nutiks, jei išsiųsiu per daug, per mažai arba jau pasibaigus mokėjimo laikui?',
    answerLt:
      'Jūsų lėšos nedings. Jei išsiuntėte daugiau, nei prašyta, skirtumas įskaitomas į jūsų balansą. Jei išsiuntėte mažiau arba pervedimas atėjo pasibaigus 15 minučių terminui (vėluojančių pervedimų laukiame 24 valandas), mokėjimas neužbaigiamas, tačiau gautos sumos vertė eurais pagal mokėjimo sukūrimo metu užfiksuotą kursą įskaitoma į jūsų balansą – ją galėsite panaudoti kitam pirkiniui. Jei pervedimo nematote, sukurkite pagalbos užklausą ir nurodykite mokėjimo kodą.',
  },
  {
    questionEn: 'How do I use a coupon code?',
    answerEn:
      'Enter the code in your cart and apply it. One coupon can be used per cart; to use a different one, remove the current coupon first. Some coupons are valid only above a minimum order value, during a set period or a limited number of times. If a code cannot be applied, you will see a message explaining why.',
    questionLt: 'Kaip pasinaudoti nuolaidos kodu?',
    answerLt:
      'Įveskite kodą krepšelyje ir jį pritaikykite. Vienam krepšeliui galima pritaikyti vieną nuolaidos kodą; norėdami naudoti kitą, pirmiausia pašalinkite esamą. Kai kurie kodai galioja tik nuo tam tikros užsakymo sumos, tam tikru laikotarpiu arba ribotą kartų skaičių. Jei kodo pritaikyti nepavyksta, pamatysite pranešimą su priežastimi.',
  },
  {
    questionEn: 'Why can I not add more than 3 items to my cart?',
    answerEn:
      'The cart holds at most 3 items at a time. If you would like to buy more, check out your current cart first and then start a new order.',
    questionLt: 'Kodėl į krepšelį negaliu įdėti daugiau nei 3 prekių?',
    answerLt:
      'Krepšelyje vienu metu gali būti ne daugiau kaip 3 prekės. Jei norite įsigyti daugiau, pirmiausia apmokėkite esamą krepšelį, o tada pradėkite naują užsakymą.',
  },
  {
    questionEn: 'How do I contact support?',
    answerEn:
      'Open the Support page and create a ticket: choose a category, add a title and describe the problem. You can follow your tickets and our replies on the same page. We do not offer support by e-mail or phone.',
    questionLt: 'Kaip susisiekti su pagalbos tarnyba?',
    answerLt:
      'Atsidarykite pagalbos puslapį ir sukurkite užklausą: pasirinkite kategoriją, įrašykite pavadinimą ir aprašykite problemą. Savo užklausas ir mūsų atsakymus matysite tame pačiame puslapyje. Pagalbos el. paštu ar telefonu neteikiame.',
  },
  {
    questionEn: 'What do you record about me?',
    answerEn:
      'Only what the shop needs to work: your username, a hash of your password (never the password itself) or your Telegram ID if you sign in with Telegram, your orders, your balance history and your support tickets. We do not log IP addresses or browser details, and the site loads no third-party scripts, fonts or analytics: every file comes from our own server.',
    questionLt: 'Kokius duomenis apie mane saugote?',
    answerLt:
      'Tik tuos, be kurių parduotuvė negalėtų veikti: naudotojo vardą, slaptažodžio maišos reikšmę (paties slaptažodžio nesaugome) arba „Telegram“ ID, jei jungiatės per „Telegram“, užsakymus, balanso istoriją ir pagalbos užklausas. IP adresų ir naršyklės duomenų neregistruojame, o svetainėje nėra jokių trečiųjų šalių scenarijų, šriftų ar analitikos įrankių – visi failai įkeliami iš mūsų pačių serverio.',
  },
  {
    questionEn: 'How do I change the language?',
    answerEn:
      'Use the EN/LT switch in the header. Your choice is remembered in this browser, so the shop opens in the same language next time.',
    questionLt: 'Kaip pakeisti kalbą?',
    answerLt:
      'Pasinaudokite EN/LT perjungikliu puslapio viršuje. Jūsų pasirinkimas įsimenamas šioje naršyklėje, todėl kitą kartą parduotuvė atsivers ta pačia kalba.',
  },
  {
    questionEn: 'Will you ever ask for my private key or seed phrase?',
    answerEn:
      'Never. You pay from your own wallet, and we only watch our own public wallet address for incoming transfers. We never hold your private keys and will never ask for your seed phrase or for access to your wallet. Anyone who asks for them in our name is a scammer.',
    questionLt: 'Ar kada nors paprašysite mano privačiojo rakto ar atkūrimo frazės?',
    answerLt:
      'Niekada. Mokate iš savo piniginės, o mes tik stebime savo viešą piniginės adresą ir tikriname gaunamus pervedimus. Jūsų privačiųjų raktų neturime ir niekada neprašysime atkūrimo frazės ar prieigos prie jūsų piniginės. Jei kas nors jų prašo mūsų vardu, tai sukčiai.',
  },
]
