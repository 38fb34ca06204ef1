// Demo products of Klaipėda (11), Šiauliai (10) and Panevėžys (10), in the order they are
// inserted (after those of demo-products-1.ts).
import { at, type DemoProduct, giftCard, item } from './demo-products.js'

export const otherCitiesProducts: DemoProduct[] = [
  ...at('Klaipėda', 'Senamiestis', [
    item(
      'coffee',
      1190,
      9,
      [
        'Brazilian Santos coffee beans 250 g',
        'A smooth, low-acidity coffee with cocoa and hazelnut notes; medium roast.',
      ],
      [
        'Brazilijos Santos kavos pupelės, 250 g',
        'Švelni, mažo rūgštingumo kava su kakavos ir lazdyno riešutų natomis.',
      ],
    ),
    item(
      'book',
      949,
      7,
      [
        'The Adventures of Sherlock Holmes (paperback)',
        "Twelve of Arthur Conan Doyle's stories of the detective and Dr Watson.",
      ],
      [
        'Šerloko Holmso nuotykiai (minkšti viršeliai)',
        'Dvylika Arthuro Conano Doyle’io apsakymų apie detektyvą ir daktarą Vatsoną.',
      ],
    ),
  ]),
  ...at('Klaipėda', 'Smiltynė', [
    item(
      'cosmetics',
      1399,
      8,
      [
        'Sunscreen lotion SPF 50 200 ml',
        'A water-resistant sun lotion with high SPF 50 protection for the whole family.',
      ],
      [
        'Losjonas nuo saulės SPF 50, 200 ml',
        'Vandeniui atsparus losjonas su aukšta SPF 50 apsauga nuo saulės visai šeimai.',
      ],
    ),
  ]),
  ...at('Klaipėda', 'Melnragė', [
    item(
      'electronics',
      599,
      15,
      [
        'Waterproof phone pouch',
        'An IPX8 pouch on a lanyard keeps a phone dry at the beach; the touchscreen still works.',
      ],
      [
        'Neperšlampamas telefono dėklas',
        'IPX8 dėklas su virvele apsaugo telefoną paplūdimyje; jutiklinis ekranas veikia.',
      ],
    ),
    item(
      'cosmetics',
      1099,
      6,
      [
        'Sea salt body scrub 200 g',
        'A sea salt and almond oil scrub that smooths and softens the skin.',
      ],
      [
        'Kūno šveitiklis su jūros druska, 200 g',
        'Šveitiklis su jūros druska ir migdolų aliejumi išlygina ir suminkština odą.',
      ],
    ),
  ]),
  ...at('Klaipėda', 'Giruliai', [giftCard(15, 25)]),
  ...at('Klaipėda', 'Debrecenas', [
    item(
      'electronics',
      7999,
      3,
      [
        'Smart watch with heart-rate monitor',
        'Tracks heart rate, steps and sleep, shows notifications and runs for up to a week.',
      ],
      [
        'Išmanusis laikrodis su pulsometru',
        'Matuoja pulsą, žingsnius ir miegą, rodo pranešimus ir veikia iki savaitės.',
      ],
    ),
    item(
      'coffee',
      1150,
      12,
      [
        'Guatemalan Antigua ground coffee 250 g',
        'Grown on volcanic soil: chocolate, spice and a gentle acidity. Ground for filter.',
      ],
      [
        'Gvatemalos Antigua malta kava, 250 g',
        'Užauginta vulkaniniame dirvožemyje: šokolado ir prieskonių natos, švelnus rūgštingumas.',
      ],
    ),
  ]),
  ...at('Klaipėda', 'Pempininkai', [
    item(
      'book',
      999,
      5,
      [
        'Great Expectations (paperback)',
        "Charles Dickens's novel of Pip, Miss Havisham and an unknown benefactor.",
      ],
      [
        'Didieji lūkesčiai (minkšti viršeliai)',
        'Charleso Dickenso romanas apie Pipą, panelę Havišam ir nežinomą geradarį.',
      ],
    ),
  ]),
  ...at('Klaipėda', 'Bandužiai', [
    item(
      'electronics',
      1299,
      14,
      ['microSD card 64 GB', 'A U3 A2 card for 4K video and apps, with an SD adapter.'],
      [
        'microSD kortelė 64 GB',
        'U3 A2 klasės kortelė 4K vaizdo įrašams ir programėlėms, su SD adapteriu.',
      ],
    ),
    item(
      'cosmetics',
      599,
      0,
      [
        'Unscented deodorant 50 ml',
        'An aluminium-free roll-on without fragrance, for sensitive skin.',
      ],
      [
        'Bekvapis dezodorantas, 50 ml',
        'Rutulinis dezodorantas be aliuminio ir kvapiųjų medžiagų jautriai odai.',
      ],
    ),
  ]),

  ...at('Šiauliai', 'Centras', [
    giftCard(30, 20),
    item(
      'electronics',
      3999,
      5,
      ['Webcam 1080p', 'A Full HD webcam with autofocus, two microphones and a privacy shutter.'],
      [
        'Internetinė kamera 1080p',
        'Full HD kamera su automatiniu fokusavimu, dviem mikrofonais ir privatumo užsklanda.',
      ],
    ),
    item(
      'book',
      899,
      4,
      [
        'Jane Eyre (paperback)',
        "Charlotte Brontë's novel of a governess who will not give up her independence.",
      ],
      [
        'Džeinė Eir (minkšti viršeliai)',
        'Charlotte Brontë romanas apie guvernantę, kuri neatsisako savo nepriklausomybės.',
      ],
    ),
  ]),
  ...at('Šiauliai', 'Dainai', [
    item(
      'coffee',
      1350,
      10,
      [
        'Peruvian organic coffee beans 250 g',
        'Certified organic Arabica from the Andes, with milk chocolate and orange notes.',
      ],
      [
        'Peru ekologiškos kavos pupelės, 250 g',
        'Sertifikuota ekologiška arabika iš Andų su pieniško šokolado ir apelsinų natomis.',
      ],
    ),
  ]),
  ...at('Šiauliai', 'Lieporiai', [
    item(
      'cosmetics',
      799,
      9,
      [
        'Rose water facial toner 200 ml',
        'An alcohol-free toner with rose water that refreshes and calms the skin.',
      ],
      [
        'Rožių vandens veido tonikas, 200 ml',
        'Tonikas be alkoholio su rožių vandeniu gaivina ir ramina odą.',
      ],
    ),
  ]),
  ...at('Šiauliai', 'Gytariai', [
    item(
      'electronics',
      1099,
      17,
      ['USB flash drive 64 GB', 'A metal USB 3.2 drive that reads at up to 150 MB/s.'],
      [
        'USB atmintukas 64 GB',
        'Metalinis USB 3.2 atmintukas, duomenis skaitantis iki 150 MB/s sparta.',
      ],
    ),
  ]),
  ...at('Šiauliai', 'Kalniukas', [
    item(
      'coffee',
      299,
      25,
      [
        'Coffee filter papers size 4, 100 pcs',
        'Unbleached paper filters for size 4 drip machines and pour-over cones.',
      ],
      [
        'Kavos filtrai, 4 dydis, 100 vnt.',
        'Nebalinti popieriniai filtrai 4 dydžio lašeliniams kavos aparatams ir piltuvėliams.',
      ],
    ),
  ]),
  ...at('Šiauliai', 'Šimšė', [
    item(
      'cosmetics',
      649,
      11,
      [
        'Tea tree face wash 150 ml',
        'A daily cleansing gel with tea tree oil for oily and blemish-prone skin.',
      ],
      [
        'Veido prausiklis su arbatmedžiu, 150 ml',
        'Kasdienė prausimosi želė su arbatmedžio aliejumi riebiai ir spuogams linkusiai odai.',
      ],
    ),
  ]),
  ...at('Šiauliai', 'Rėkyva', [
    item(
      'book',
      699,
      6,
      [
        'The Time Machine (paperback)',
        "H. G. Wells's short novel of a traveller who journeys to the year 802,701.",
      ],
      [
        'Laiko mašina (minkšti viršeliai)',
        'H. G. Wellso apysaka apie keliautoją, nusigavusį į 802 701-uosius metus.',
      ],
    ),
    item(
      'electronics',
      1299,
      8,
      [
        'Aluminium phone stand',
        'An adjustable desk stand for phones and small tablets, with non-slip pads.',
      ],
      [
        'Aliuminis telefono stovas',
        'Reguliuojamas stalinis stovas telefonams ir nedidelėms planšetėms su neslystančiais padais.',
      ],
    ),
  ]),

  ...at('Panevėžys', 'Centras', [
    giftCard(40, 10),
    item(
      'electronics',
      8499,
      2,
      [
        'E-book reader 6 inch',
        'A glare-free 300 ppi E Ink screen with a warm front light and weeks of battery.',
      ],
      [
        'Elektroninių knygų skaityklė, 6 colių',
        'Neatspindintis 300 ppi „E Ink“ ekranas su šiltu apšvietimu; baterija veikia savaites.',
      ],
    ),
  ]),
  ...at('Panevėžys', 'Senamiestis', [
    item(
      'book',
      1399,
      3,
      [
        'The Count of Monte Cristo (paperback)',
        "Alexandre Dumas's epic of betrayal, escape and patient revenge.",
      ],
      [
        'Grafas Monte Kristas (minkšti viršeliai)',
        'Alexandre’o Dumas epas apie išdavystę, pabėgimą ir kantrų kerštą.',
      ],
    ),
    item(
      'coffee',
      1250,
      8,
      [
        'Sumatra Mandheling coffee beans 250 g',
        'Full-bodied and earthy, with dark chocolate and cedar notes; a dark roast.',
      ],
      [
        'Sumatros Mandheling kavos pupelės, 250 g',
        'Sodraus, žemiško skonio kava su juodojo šokolado ir kedro natomis; tamsiai skrudinta.',
      ],
    ),
  ]),
  ...at('Panevėžys', 'Senvagė', [
    item(
      'cosmetics',
      449,
      22,
      [
        'Lavender liquid hand soap 300 ml',
        'A gentle liquid soap with lavender oil, in a pump bottle.',
      ],
      [
        'Levandų skystas rankų muilas, 300 ml',
        'Švelnus skystas muilas su levandų aliejumi, buteliuke su pompele.',
      ],
    ),
  ]),
  ...at('Panevėžys', 'Kniaudiškiai', [
    item(
      'electronics',
      1799,
      7,
      ['Wireless charging pad', 'A slim Qi pad that charges phones and earbuds at up to 15 W.'],
      [
        'Belaidžio įkrovimo pagrindas',
        'Plonas „Qi“ pagrindas telefonams ir ausinėms įkrauti iki 15 W galia.',
      ],
    ),
    item(
      'coffee',
      699,
      13,
      [
        'Instant coffee granules 200 g',
        'Freeze-dried instant coffee: a full cup in a moment, at home or at work.',
      ],
      [
        'Tirpi granuliuota kava, 200 g',
        'Liofilizuota tirpi kava: pilnas puodelis akimirksniu, namuose ar darbe.',
      ],
    ),
    giftCard(5, 25),
  ]),
  ...at('Panevėžys', 'Skaistakalnis', [
    item(
      'book',
      1099,
      5,
      [
        'Crime and Punishment (paperback)',
        "Fyodor Dostoevsky's novel of a student, a crime and a conscience.",
      ],
      [
        'Nusikaltimas ir bausmė (minkšti viršeliai)',
        'Fiodoro Dostojevskio romanas apie studentą, nusikaltimą ir sąžinę.',
      ],
    ),
    item(
      'cosmetics',
      1899,
      6,
      [
        'Vitamin C face serum 30 ml',
        'A brightening serum with 10% vitamin C and hyaluronic acid, for the morning.',
      ],
      [
        'Veido serumas su vitaminu C, 30 ml',
        'Skaistinantis serumas su 10 % vitamino C ir hialurono rūgštimi, naudojamas rytais.',
      ],
    ),
  ]),
]
