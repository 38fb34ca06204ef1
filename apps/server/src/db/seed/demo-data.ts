// Demo data for development and screenshots: coupons, support categories and the FAQ. Plain
// typed data, no imports. Places are in demo-places.ts, products in demo-products-*.ts.
// Prices are integer euro cents; times are ISO 8601 strings in UTC.

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
  /** The demo categories the coupon does not discount. */
  excludes?: readonly 'gift_card'[]
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
    description:
      'Welcome offer: 10% off your first order, once per customer. Gift cards are not discounted.',
    excludes: ['gift_card'],
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
