// Demo products of Vilnius (16) and Kaunas (13), in the order they are inserted.
import { at, type DemoProduct, giftCard, item } from './demo-products.js'

export const vilniusAndKaunasProducts: DemoProduct[] = [
  ...at('Vilnius', 'Senamiestis', [
    giftCard(25, 25, 'giftCard'),
    item(
      'coffee',
      1290,
      14,
      [
        'Ethiopian Yirgacheffe coffee beans 250 g',
        'Washed Arabica with floral, citrus and bergamot notes; a light roast for filter coffee.',
      ],
      [
        'Etiopijos Yirgacheffe kavos pupelės, 250 g',
        'Plautoji arabika su gėlių, citrusų ir bergamočių natomis; šviesiai skrudinta filtruotai kavai.',
      ],
      'coffeeBag',
    ),
    item(
      'book',
      899,
      6,
      [
        'Pride and Prejudice (paperback)',
        "Jane Austen's novel of manners, wit and mistaken first impressions.",
      ],
      [
        'Puikybė ir prietarai (minkšti viršeliai)',
        'Jane Austen romanas apie manieras, sąmojį ir apgaulingą pirmąjį įspūdį.',
      ],
      'book',
    ),
  ]),
  ...at('Vilnius', 'Naujamiestis', [
    item(
      'electronics',
      799,
      25,
      [
        'USB-C charging cable 1 m',
        'A braided USB-C to USB-C cable for charging at up to 60 W and data at 480 Mbit/s.',
      ],
      [
        'USB-C įkrovimo kabelis, 1 m',
        'Pintas USB-C–USB-C kabelis įkrovimui iki 60 W ir duomenims iki 480 Mbit/s.',
      ],
    ),
    item(
      'electronics',
      4999,
      8,
      [
        'Wireless earbuds',
        'Bluetooth 5.3 earbuds with a charging case: about 6 hours of listening, 24 with the case.',
      ],
      [
        'Belaidės ausinės',
        'Bluetooth 5.3 ausinės su įkrovimo dėklu: apie 6 valandas klausymosi, su dėklu – 24.',
      ],
      'earbuds',
    ),
    giftCard(75, 10),
  ]),
  ...at('Vilnius', 'Žvėrynas', [
    item(
      'cosmetics',
      699,
      12,
      [
        'Hand cream with shea butter 75 ml',
        'A rich, quickly absorbed cream for dry hands, with shea butter and glycerine.',
      ],
      [
        'Rankų kremas su taukmedžio sviestu, 75 ml',
        'Maitinamasis, greitai susigeriantis kremas sausoms rankoms su taukmedžio sviestu ir glicerinu.',
      ],
      'creamTube',
    ),
    item(
      'coffee',
      1890,
      0,
      [
        'Colombian Supremo coffee beans 500 g',
        'A medium roast with caramel and nut notes and a round body: a dependable everyday coffee.',
      ],
      [
        'Kolumbijos Supremo kavos pupelės, 500 g',
        'Vidutiniškai skrudinta, apvalaus skonio kava su karamelės ir riešutų natomis kasdienai.',
      ],
    ),
  ]),
  ...at('Vilnius', 'Antakalnis', [
    item(
      'book',
      1499,
      3,
      [
        'Moby-Dick (hardcover)',
        "Herman Melville's tale of Captain Ahab's hunt for the white whale, in a sturdy hardcover.",
      ],
      [
        'Mobis Dikas (kieti viršeliai)',
        'Hermano Melvillio pasakojimas apie kapitono Ahabo baltojo banginio medžioklę.',
      ],
    ),
    item(
      'electronics',
      5999,
      4,
      [
        'Splash-resistant Bluetooth speaker',
        'A compact IPX5 speaker that plays for 12 hours: for the balcony, the beach or the shower.',
      ],
      [
        'Purslams atspari Bluetooth kolonėlė',
        'Kompaktiška IPX5 kolonėlė, grojanti iki 12 valandų: balkonui, paplūdimiui ar dušui.',
      ],
    ),
  ]),
  ...at('Vilnius', 'Žirmūnai', [
    item(
      'electronics',
      2499,
      10,
      [
        'Power bank 10000 mAh',
        'Charges a phone about twice; USB-C in and out with 20 W fast charging.',
      ],
      [
        'Išorinė baterija 10000 mAh',
        'Telefoną įkrauna maždaug du kartus; USB-C įvestis ir išvestis, greitasis įkrovimas 20 W.',
      ],
    ),
    item(
      'cosmetics',
      349,
      20,
      [
        'Beeswax lip balm 4.8 g',
        'Protects and softens chapped lips with beeswax and sunflower oil. Unscented.',
      ],
      [
        'Lūpų balzamas su bičių vašku, 4,8 g',
        'Apsaugo ir suminkština suskilinėjusias lūpas; su bičių vašku ir saulėgrąžų aliejumi.',
      ],
    ),
  ]),
  ...at('Vilnius', 'Šeškinė', [
    giftCard(50, 15),
    item(
      'coffee',
      999,
      9,
      [
        'Decaf Colombian ground coffee 250 g',
        'Arabica decaffeinated with water alone, ground for filter machines: all the taste.',
      ],
      [
        'Kolumbijos malta kava be kofeino, 250 g',
        'Arabika, iš kurios kofeinas pašalintas vien vandeniu, sumalta filtriniams aparatams.',
      ],
    ),
  ]),
  ...at('Vilnius', 'Pašilaičiai', [
    item(
      'electronics',
      1999,
      7,
      [
        'Wireless mouse',
        'A quiet-click mouse with a USB receiver and Bluetooth; one AA battery lasts about a year.',
      ],
      [
        'Belaidė pelė',
        'Tyliai spragsinti pelė su USB imtuvu ir Bluetooth; vienos AA baterijos užtenka metams.',
      ],
    ),
  ]),
  ...at('Vilnius', 'Fabijoniškės', [
    item(
      'cosmetics',
      1599,
      0,
      [
        'Facial moisturiser SPF 30 50 ml',
        'A light daily moisturiser with broad-spectrum SPF 30 that leaves no white cast.',
      ],
      [
        'Drėkinamasis veido kremas SPF 30, 50 ml',
        'Lengvas kasdienis kremas su plataus spektro SPF 30 apsauga, nepaliekantis baltų dėmių.',
      ],
    ),
  ]),

  ...at('Kaunas', 'Senamiestis', [
    item(
      'book',
      799,
      5,
      [
        'Frankenstein (paperback)',
        "Mary Shelley's story of a young scientist and the creature he brings to life.",
      ],
      [
        'Frankenšteinas (minkšti viršeliai)',
        'Mary Shelley pasakojimas apie jauną mokslininką ir jo atgaivintą būtybę.',
      ],
    ),
    item(
      'coffee',
      2990,
      6,
      [
        'Espresso blend coffee beans 1 kg',
        'A dark blend of Brazilian and Indian beans with chocolate notes and a thick crema.',
      ],
      [
        'Espreso kavos pupelių mišinys, 1 kg',
        'Tamsiai skrudintas Brazilijos ir Indijos pupelių mišinys su šokolado natomis.',
      ],
    ),
  ]),
  ...at('Kaunas', 'Naujamiestis', [
    item(
      'electronics',
      8999,
      2,
      [
        'Noise-cancelling headphones',
        'Over-ear headphones with active noise cancelling and 30 hours of battery.',
      ],
      [
        'Triukšmą slopinančios ausinės',
        'Apgaubiančios ausinės su aktyviu triukšmo slopinimu ir 30 valandų veikiančia baterija.',
      ],
      'headphones',
    ),
    giftCard(10, 25),
  ]),
  ...at('Kaunas', 'Žaliakalnis', [
    item(
      'coffee',
      1450,
      11,
      [
        'Kenyan AA coffee beans 250 g',
        'Bright and juicy, with blackcurrant and grapefruit notes; a light-to-medium roast.',
      ],
      [
        'Kenijos AA kavos pupelės, 250 g',
        'Gaivi, sultinga kava su juodųjų serbentų ir greipfrutų natomis; vidutiniškai skrudinta.',
      ],
    ),
    item(
      'cosmetics',
      499,
      18,
      [
        'Aloe vera shower gel 250 ml',
        'A mild everyday shower gel with aloe vera, kind to sensitive skin.',
      ],
      [
        'Alavijų dušo želė, 250 ml',
        'Švelni kasdienė dušo želė su alavijais, tinkama ir jautriai odai.',
      ],
    ),
  ]),
  ...at('Kaunas', 'Šilainiai', [
    item(
      'electronics',
      1499,
      13,
      [
        'USB-C wall charger 20 W',
        'A compact Power Delivery charger that fills most phones halfway in about 30 minutes.',
      ],
      [
        'USB-C sieninis įkroviklis 20 W',
        'Kompaktiškas „Power Delivery“ įkroviklis: daugumą telefonų per 30 minučių įkrauna iki pusės.',
      ],
    ),
    item(
      'book',
      849,
      0,
      ['Dracula (paperback)', "Bram Stoker's Gothic classic, told in letters and diaries."],
      [
        'Drakula (minkšti viršeliai)',
        'Bramo Stokerio gotikinė klasika, papasakota laiškais ir dienoraščiais.',
      ],
    ),
  ]),
  ...at('Kaunas', 'Dainava', [
    item(
      'electronics',
      5499,
      3,
      [
        'Mechanical keyboard',
        'A compact keyboard with tactile switches, white backlight and a detachable USB-C cable.',
      ],
      [
        'Mechaninė klaviatūra',
        'Kompaktiška klaviatūra su taktiliniais jungikliais, baltu apšvietimu ir USB-C kabeliu.',
      ],
    ),
  ]),
  ...at('Kaunas', 'Aleksotas', [
    item(
      'cosmetics',
      899,
      10,
      ['Argan oil shampoo 300 ml', 'A gentle shampoo with argan oil for dry or coloured hair.'],
      [
        'Šampūnas su argano aliejumi, 300 ml',
        'Švelnus šampūnas su argano aliejumi sausiems ar dažytiems plaukams.',
      ],
    ),
  ]),
  ...at('Kaunas', 'Vilijampolė', [
    item(
      'electronics',
      699,
      16,
      ['HDMI cable 2 m', 'A High Speed HDMI cable with Ethernet, for 4K pictures at 60 Hz.'],
      [
        'HDMI kabelis, 2 m',
        'Didelės spartos HDMI kabelis su eterneto kanalu, tinkamas 4K vaizdui 60 Hz dažniu.',
      ],
    ),
  ]),
  ...at('Kaunas', 'Panemunė', [
    item(
      'book',
      1299,
      4,
      [
        "Alice's Adventures in Wonderland (illustrated)",
        "Lewis Carroll's tale with John Tenniel's original illustrations.",
      ],
      [
        'Alisa Stebuklų šalyje (iliustruotas leidimas)',
        'Lewiso Carrollo pasaka su originaliomis Johno Tennielio iliustracijomis.',
      ],
    ),
    giftCard(20, 20),
  ]),
]
