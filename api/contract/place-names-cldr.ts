/**
 * Names of the cities Unicode CLDR (`cldr-dates-full`) names time zones after, in the bot's languages
 * and in Russian and Belarusian, by GeoNames id: made by `scripts/generate-place-names.ts`, not by hand.
 */
export const CLDR_PLACE_NAMES: Readonly<Record<number, Readonly<Record<string, string>>>> = {
  53654: { uk: 'Моґадішо', pl: 'Mogadiszu', de: 'Mogadischu', fr: 'Mogadiscio', es: 'Mogadiscio', it: 'Mogadiscio', pt: 'Mogadíscio', ru: 'Могадишо', be: 'Магадыша' }, // Mogadishu, SO
  98182: { uk: 'Багдад', pl: 'Bagdad', de: 'Bagdad', fr: 'Bagdad', es: 'Bagdad', pt: 'Bagdá', ru: 'Багдад', be: 'Багдад' }, // Baghdad, IQ
  108410: { uk: 'Ер-Ріяд', pl: 'Rijad', de: 'Riad', fr: 'Riyad', es: 'Riad', it: 'Riyad', pt: 'Riade', ru: 'Эр-Рияд', be: 'Эр-Рыяд' }, // Riyadh, SA
  112931: { uk: 'Тегеран', pl: 'Teheran', de: 'Teheran', fr: 'Téhéran', es: 'Teherán', it: 'Teheran', pt: 'Teerã', ru: 'Тегеран', be: 'Тэгеран' }, // Tehran, IR
  146617: { uk: 'Фамагуста', fr: 'Famagouste', it: 'Famagosta', ru: 'Фамагуста', be: 'Фамагуста' }, // Famagusta, CY
  160263: { uk: 'Дар-ес-Салам', de: 'Daressalam', es: 'Dar es-Salam', ru: 'Дар-эс-Салам', be: 'Дар-эс-Салам' }, // Dar es Salaam, TZ
  162183: { uk: 'Ашгабат', pl: 'Aszchabad', de: 'Aşgabat', fr: 'Achgabat', es: 'Asjabad', pt: 'Asgabate', ru: 'Ашхабад', be: 'Ашгабат' }, // Ashgabat, TM
  170654: { uk: 'Дамаск', pl: 'Damaszek', de: 'Damaskus', fr: 'Damas', es: 'Damasco', it: 'Damasco', pt: 'Damasco', ru: 'Дамаск', be: 'Дамаск' }, // Damascus, SY
  184745: { uk: 'Найробі', pt: 'Nairóbi', ru: 'Найроби', be: 'Найробі' }, // Nairobi, KE
  202061: { uk: 'Кігалі', ru: 'Кигали', be: 'Кігалі' }, // Kigali, RW
  223817: { uk: 'Джібуті', pl: 'Dżibuti', de: 'Dschibuti', es: 'Yibuti', it: 'Gibuti', pt: 'Djibuti', ru: 'Джибути', be: 'Джыбуці' }, // Djibouti, DJ
  232422: { uk: 'Кампала', ru: 'Кампала', be: 'Кампала' }, // Kampala, UG
  250441: { uk: 'Амман', es: 'Ammán', pt: 'Amã', ru: 'Амман', be: 'Аман (горад)' }, // Amman, JO
  264371: { uk: 'Афіни', pl: 'Ateny', de: 'Athen', fr: 'Athènes', es: 'Atenas', it: 'Atene', pt: 'Atenas', ru: 'Афины', be: 'Афіны' }, // Athens, GR
  276781: { uk: 'Бейрут', pl: 'Bejrut', fr: 'Beyrouth', pt: 'Beirute', ru: 'Бейрут', be: 'Бейрут' }, // Beirut, LB
  281133: { uk: 'Газа', ru: 'Газа', be: 'Газа' }, // Gaza, PS
  281184: { uk: 'Єрусалим', pl: 'Jerozolima', fr: 'Jérusalem', es: 'Jerusalén', it: 'Gerusalemme', pt: 'Jerusalém', ru: 'Иерусалим', be: 'Іерусалім' }, // Jerusalem, IL
  285066: { uk: 'Хеврон', fr: 'Hébron', es: 'Hebrón', ru: 'Хеврон', be: 'Хеўрон' }, // Hebron, PS
  285787: { uk: 'Кувейт', pl: 'Kuwejt', de: 'Kuwait', fr: 'Koweït', es: 'Kuwait', it: 'Kuwait', pt: 'Kuwait', ru: 'Кувейт', be: 'Кувейт' }, // Kuwait City, KW
  287286: { uk: 'Маскат', pl: 'Maskat', de: 'Maskat', fr: 'Mascate', es: 'Mascate', it: 'Mascate', pt: 'Mascate', ru: 'Маскат', be: 'Маскат' }, // Muscat, OM
  292223: { uk: 'Дубай', pl: 'Dubaj', fr: 'Dubaï', es: 'Dubái', ru: 'Дубай', be: 'Дубай' }, // Dubai, AE
  343300: { uk: 'Асмера', ru: 'Асмэра', be: 'Асмара' }, // Asmara, ER
  344979: { uk: 'Аддис-Абеба', pl: 'Addis Abeba', de: 'Addis Abeba', fr: 'Addis-Abeba', es: 'Adís Abeba', it: 'Addis Abeba', pt: 'Adis Abeba', ru: 'Аддис-Абеба', be: 'Адыс-Абеба' }, // Addis Ababa, ET
  360630: { uk: 'Каїр', pl: 'Kair', de: 'Kairo', fr: 'Le Caire', es: 'El Cairo', it: 'Il Cairo', ru: 'Каир', be: 'Каір' }, // Cairo, EG
  373303: { uk: 'Джуба', pl: 'Dżuba', it: 'Giuba', ru: 'Джуба', be: 'Джуба' }, // Juba, SS
  379252: { uk: 'Хартум', pl: 'Chartum', de: 'Khartum', es: 'Jartum', it: 'Khartum', pt: 'Cartum', ru: 'Хартум', be: 'Хартум' }, // Khartoum, SD
  415189: { uk: 'Аден', es: 'Adén', pt: 'Áden', ru: 'Аден', be: 'Адэн' }, // Aden, YE
  425378: { uk: 'Бужумбура', pl: 'Bużumbura', ru: 'Бужумбура', be: 'Бужумбура' }, // Bujumbura, BI
  456172: { uk: 'Рига', pl: 'Ryga', ru: 'Рига', be: 'Рыга' }, // Riga, LV
  472757: { uk: 'Волгоград', pl: 'Wołgograd', de: 'Wolgograd', es: 'Volgogrado', pt: 'Volgogrado', ru: 'Волгоград', be: 'Валгаград' }, // Volgograd, RU
  479123: { uk: 'Ульянівськ', pl: 'Uljanowsk', de: 'Uljanowsk', fr: 'Oulianovsk', es: 'Uliánovsk', pt: 'Ulianovsk', ru: 'Ульяновск', be: 'Ульянаўск' }, // Ulyanovsk, RU
  498677: { uk: 'Саратов', pl: 'Saratów', de: 'Saratow', es: 'Sarátov', ru: 'Саратов', be: 'Саратаў' }, // Saratov, RU
  499099: { uk: 'Самара', ru: 'Самара', be: 'Самара' }, // Samara, RU
  524901: { uk: 'Москва', pl: 'Moskwa', de: 'Moskau', fr: 'Moscou', es: 'Moscú', it: 'Mosca', pt: 'Moscou', ru: 'Москва', be: 'Масква' }, // Moscow, RU
  548408: { uk: 'Кіров', pl: 'Kirow', de: 'Kirow', es: 'Kírov', ru: 'Киров', be: 'Кіраў' }, // Kirov, RU
  554234: { uk: 'Калінінград', es: 'Kaliningrado', pt: 'Kaliningrado', ru: 'Калининград', be: 'Калінінград' }, // Kaliningrad, RU
  580497: { uk: 'Астрахань', pl: 'Astrachań', de: 'Astrachan', es: 'Astracán', pt: 'Astracã', ru: 'Астрахань', be: 'Астрахань' }, // Astrakhan, RU
  587084: { uk: 'Баку', fr: 'Bakou', es: 'Bakú', ru: 'Баку', be: 'Баку' }, // Baku, AZ
  588409: { uk: 'Таллінн', pl: 'Tallin', es: 'Tallin', ru: 'Таллин', be: 'Талін' }, // Tallinn, EE
  593116: { uk: 'Вільнюс', pl: 'Wilno', es: 'Vilna', ru: 'Вильнюс', be: 'Вільнюс' }, // Vilnius, LT
  608668: { uk: 'Орал', pl: 'Uralsk', fr: 'Ouralsk', ru: 'Уральск', be: 'Уральск' }, // Oral, KZ
  610529: { uk: 'Атирау', fr: 'Atyraou', ru: 'Атырау', be: 'Атырау' }, // Atyrau, KZ
  610612: { uk: 'Актау', fr: 'Aktaou', ru: 'Актау', be: 'Актау' }, // Aktau, KZ
  611717: { uk: 'Тбілісі', de: 'Tiflis', fr: 'Tbilissi', es: 'Tiflis', ru: 'Тбилиси', be: 'Тбілісі' }, // Tbilisi, GE
  616052: { uk: 'Єреван', pl: 'Erywań', de: 'Eriwan', fr: 'Erevan', es: 'Ereván', ru: 'Ереван', be: 'Ерэван' }, // Yerevan, AM
  618426: { uk: 'Кишинів', pl: 'Kiszyniów', de: 'Chișinău', fr: 'Chișinău', es: 'Chisináu', it: 'Chișinău', pt: 'Chișinău', ru: 'Кишинев', be: 'Кішынёў' }, // Chisinau, MD
  625144: { uk: 'Мінськ', pl: 'Mińsk', ru: 'Минск', be: 'Мінск' }, // Minsk, BY
  658225: { uk: 'Гельсінкі', pt: 'Helsinque', ru: 'Хельсинки', be: 'Хельсінкі' }, // Helsinki, FI
  683506: { uk: 'Бухарест', pl: 'Bukareszt', de: 'Bukarest', fr: 'Bucarest', es: 'Bucarest', it: 'Bucarest', pt: 'Bucareste', ru: 'Бухарест', be: 'Бухарэст' }, // Bucharest, RO
  693805: { uk: 'Сімферополь', pl: 'Symferopol', es: 'Simferópol', it: 'Sinferopoli', ru: 'Симферополь', be: 'Сімферопаль' }, // Simferopol, UA
  703448: { uk: 'Київ', pl: 'Kijów', de: 'Kiew', fr: 'Kiev', es: 'Kiev', it: 'Kiev', pt: 'Kiev', ru: 'Киев', be: 'Кіеў' }, // Kyiv, UA
  727011: { uk: 'Софія', es: 'Sofía', pt: 'Sófia', ru: 'София', be: 'Сафія' }, // Sofia, BG
  745044: { uk: 'Стамбул', pl: 'Stambuł', es: 'Estambul', pt: 'Istambul', ru: 'Стамбул', be: 'Стамбул' }, // Istanbul, TR
  756135: { uk: 'Варшава', pl: 'Warszawa', de: 'Warschau', fr: 'Varsovie', es: 'Varsovia', it: 'Varsavia', pt: 'Varsóvia', ru: 'Варшава', be: 'Варшава' }, // Warsaw, PL
  785842: { uk: 'Скопʼє', es: 'Skopie', ru: 'Скопье', be: 'Скоп’е' }, // Skopje, MK
  792680: { uk: 'Белград', pl: 'Belgrad', de: 'Belgrad', es: 'Belgrado', it: 'Belgrado', pt: 'Belgrado', ru: 'Белград', be: 'Бялград' }, // Belgrade, RS
  890299: { uk: 'Хараре', ru: 'Хараре', be: 'Харарэ' }, // Harare, ZW
  909137: { uk: 'Лусака', ru: 'Лусака', be: 'Лусака' }, // Lusaka, ZM
  922704: { uk: 'Лубумбаші', ru: 'Лубумбаши', be: 'Лубумбашы' }, // Lubumbashi, CD
  931755: { uk: 'Блантайр', ru: 'Блантайр', be: 'Блантайр' }, // Blantyre, MW
  932505: { uk: 'Масеру', ru: 'Масеру', be: 'Масеру' }, // Maseru, LS
  933773: { uk: 'Ґабороне', ru: 'Габороне', be: 'Габаронэ' }, // Gaborone, BW
  934985: { uk: 'Мбабане', ru: 'Мбабане', be: 'Мбабанэ' }, // Mbabane, SZ
  993800: { uk: 'Йоганнесбурґ', es: 'Johannesburgo', pt: 'Joanesburgo', ru: 'Йоханнесбург', be: 'Яганэсбург' }, // Johannesburg, ZA
  1040652: { uk: 'Мапуту', ru: 'Мапуту', be: 'Мапуту' }, // Maputo, MZ
  1070940: { uk: 'Антананаріву', pl: 'Antananarywa', ru: 'Антананариву', be: 'Антананарыву' }, // Antananarivo, MG
  1138958: { uk: 'Кабул', fr: 'Kaboul', pt: 'Cabul', ru: 'Кабул', be: 'Кабул' }, // Kabul, AF
  1174872: { uk: 'Карачі', pl: 'Karaczi', de: 'Karatschi', ru: 'Карачи', be: 'Карачы' }, // Karachi, PK
  1185241: { uk: 'Дакка', es: 'Daca', it: 'Dacca', pt: 'Dacca', ru: 'Дакка', be: 'Дака' }, // Dhaka, BD
  1216265: { uk: 'Самарканд', pl: 'Samarkanda', fr: 'Samarcande', es: 'Samarcanda', it: 'Samarcanda', pt: 'Samarcanda', ru: 'Самарканд', be: 'Самарканд' }, // Samarkand, UZ
  1221874: { uk: 'Душанбе', pl: 'Duszanbe', de: 'Duschanbe', fr: 'Douchanbé', es: 'Dusambé', pt: 'Duchambe', ru: 'Душанбе', be: 'Душанбэ' }, // Dushanbe, TJ
  1248991: { uk: 'Коломбо', pl: 'Kolombo', ru: 'Коломбо', be: 'Каломба' }, // Colombo, LK
  1252416: { uk: 'Тхімпху', es: 'Timbu', ru: 'Тхимпху', be: 'Тхімпху' }, // Thimphu, BT
  1275004: { uk: 'Колката', pl: 'Kalkuta', de: 'Kalkutta', fr: 'Calcutta', es: 'Calcuta', it: 'Calcutta', pt: 'Calcutá', ru: 'Калькутта', be: 'Калькута' }, // Kolkata, IN
  1283240: { uk: 'Катманду', pl: 'Katmandu', fr: 'Katmandou', es: 'Katmandú', pt: 'Katmandu', ru: 'Катманду', be: 'Катманду' }, // Kathmandu, NP
  1298824: { uk: 'Янгон', pl: 'Rangun', de: 'Rangun', fr: 'Rangoun', es: 'Yangón (Rangún)', it: 'Rangoon', pt: 'Rangum', ru: 'Янгон', be: 'Рангун' }, // Yangon, MM
  1486209: { uk: 'Єкатеринбург', pl: 'Jekaterynburg', de: 'Jekaterinburg', fr: 'Ekaterinbourg', es: 'Ekaterimburgo', it: 'Ekaterinburg', pt: 'Ecaterimburgo', ru: 'Екатеринбург', be: 'Екацярынбург' }, // Yekaterinburg, RU
  1489425: { uk: 'Томськ', ru: 'Томск', be: 'Томск' }, // Tomsk, RU
  1496153: { uk: 'Омськ', ru: 'Омск', be: 'Омск' }, // Omsk, RU
  1496747: { uk: 'Новосибірськ', pl: 'Nowosybirsk', de: 'Nowosibirsk', fr: 'Novossibirsk', ru: 'Новосибирск', be: 'Новасібірск' }, // Novosibirsk, RU
  1496990: { uk: 'Новокузнецьк', pl: 'Nowokuźnieck', de: 'Nowokuznetsk', it: 'Novokuzneck', ru: 'Новокузнецк', be: 'Новакузнецк' }, // Novokuznetsk, RU
  1502026: { uk: 'Красноярськ', pl: 'Krasnojarsk', de: 'Krasnojarsk', fr: 'Krasnoïarsk', it: 'Krasnojarsk', ru: 'Красноярск', be: 'Краснаярск' }, // Krasnoyarsk, RU
  1510853: { uk: 'Барнаул', pl: 'Barnauł', es: 'Barnaúl', ru: 'Барнаул', be: 'Барнаул' }, // Barnaul, RU
  1512569: { uk: 'Ташкент', pl: 'Taszkient', de: 'Taschkent', fr: 'Tachkent', es: 'Taskent', ru: 'Ташкент', be: 'Ташкент' }, // Tashkent, UZ
  1516048: { uk: 'Ховд', pl: 'Kobdo', de: 'Chowd', ru: 'Ховд', be: 'Хоўд' }, // Khovd, MN
  1519922: { uk: 'Кизилорда', pl: 'Kyzyłorda', de: 'Qysylorda', fr: 'Kzyl Orda', ru: 'Кызылорда', be: 'Кзыл-Арда' }, // Kyzylorda, KZ
  1519928: { uk: 'Костанай', pl: 'Kustanaj', de: 'Qostanai', fr: 'Kostanaï', es: 'Kostanái', ru: 'Костанай', be: 'Кустанай' }, // Kostanay, KZ
  1526384: { uk: 'Алмати', pl: 'Ałmaty', fr: 'Alma Ata', ru: 'Алматы', be: 'Алматы' }, // Almaty, KZ
  1528675: { uk: 'Бішкек', pl: 'Biszkek', de: 'Bischkek', fr: 'Bichkek', ru: 'Бишкек', be: 'Бішкек' }, // Bishkek, KG
  1529102: { uk: 'Урумчі', pl: 'Urumczi', ru: 'Урумчи', be: 'Урумчы' }, // Ürümqi, CN
  1566083: { uk: 'Хошимін', pl: 'Ho Chi Minh', de: 'Ho-Chi-Minh-Stadt', fr: 'Hô-Chi-Minh-Ville', es: 'Ciudad Ho Chi Minh', it: 'Ho Chi Minh', pt: 'Cidade de Ho Chi Minh', ru: 'Хошимин', be: 'Хашымін' }, // Ho Chi Minh City, VN
  1609350: { uk: 'Бангкок', ru: 'Бангкок', be: 'Бангкок' }, // Bangkok, TH
  1622786: { uk: 'Макассар', fr: 'Macassar', es: 'Makasar', ru: 'Макасар', be: 'Макасар' }, // Makassar, ID
  1630789: { uk: 'Понтіанак', ru: 'Понтианак', be: 'Пантыянак' }, // Pontianak, ID
  1642911: { uk: 'Джакарта', pl: 'Dżakarta', es: 'Yakarta', it: 'Giacarta', pt: 'Jacarta', ru: 'Джакарта', be: 'Джакарта' }, // Jakarta, ID
  1651944: { uk: 'Вʼєнтьян', pl: 'Wientian', es: 'Vientián', ru: 'Вьентьян', be: 'В’енцьян' }, // Vientiane, LA
  1668341: { uk: 'Тайбей', pl: 'Tajpej', de: 'Taipeh', es: 'Taipéi', ru: 'Тайбэй', be: 'Тайбэй' }, // Taipei, TW
  1701668: { uk: 'Маніла', fr: 'Manille', ru: 'Манила', be: 'Маніла' }, // Manila, PH
  1735161: { uk: 'Куала-Лумпур', ru: 'Куала-Лумпур', be: 'Куала-Лумпур' }, // Kuala Lumpur, MY
  1735634: { uk: 'Кучинг', ru: 'Кучинг', be: 'Кучынг' }, // Kuching, MY
  1796236: { uk: 'Шанхай', pl: 'Szanghaj', es: 'Shanghái', pt: 'Xangai', ru: 'Шанхай', be: 'Шанхай' }, // Shanghai, CN
  1819729: { uk: 'Гонконг', pl: 'Hongkong', de: 'Hongkong', ru: 'Гонконг', be: 'Ганконг' }, // Hong Kong, HK
  1821306: { uk: 'Пномпень', ru: 'Пномпень', be: 'Пнампень' }, // Phnom Penh, KH
  1835848: { uk: 'Сеул', pl: 'Seul', fr: 'Séoul', es: 'Seúl', it: 'Seul', pt: 'Seul', ru: 'Сеул', be: 'Сеул' }, // Seoul, KR
  1850147: { uk: 'Токіо', pl: 'Tokio', de: 'Tokio', es: 'Tokio', pt: 'Tóquio', ru: 'Токио', be: 'Токіа' }, // Tokyo, JP
  1871859: { uk: 'Пхеньян', pl: 'Pjongjang', de: 'Pjöngjang', ru: 'Пхеньян', be: 'Пхеньян' }, // Pyongyang, KP
  1880252: { uk: 'Сінгапур', pl: 'Singapur', de: 'Singapur', fr: 'Singapour', es: 'Singapur', pt: 'Singapura', ru: 'Сингапур', be: 'Сінгапур' }, // Singapore, SG
  2013159: { uk: 'Якутськ', pl: 'Jakuck', de: 'Jakutsk', fr: 'Iakoutsk', it: 'Jakutsk', ru: 'Якутск', be: 'Якуцк' }, // Yakutsk, RU
  2013348: { uk: 'Владивосток', pl: 'Władywostok', de: 'Wladiwostok', ru: 'Владивосток', be: 'Уладзівасток' }, // Vladivostok, RU
  2022773: { uk: 'Хандига', pl: 'Chandyga', de: 'Chandyga', es: 'Khandiga', it: 'Chandyga', ru: 'Хандыга', be: 'Хандыга' }, // Khandyga, RU
  2023469: { uk: 'Іркутськ', pl: 'Irkuck', fr: 'Irkoutsk', ru: 'Иркутск', be: 'Іркуцк' }, // Irkutsk, RU
  2025339: { uk: 'Чита', pl: 'Czyta', de: 'Tschita', fr: 'Tchita', es: 'Chitá', it: 'Čita', ru: 'Чита', be: 'Чыта' }, // Chita, RU
  2063523: { uk: 'Перт', ru: 'Перт', be: 'Перт' }, // Perth, AU
  2073124: { uk: 'Дарвін', ru: 'Дарвин', be: 'Дарвін' }, // Darwin, AU
  2078025: { uk: 'Аделаїда', fr: 'Adélaïde', es: 'Adelaida', ru: 'Аделаида', be: 'Адэлаіда' }, // Adelaide, AU
  2088122: { uk: 'Порт-Морсбі', ru: 'Порт-Морсби', be: 'Порт-Морсбі' }, // Port Moresby, PG
  2110257: { uk: 'Тарава', pt: 'Taraua', ru: 'Тарава', be: 'Тарава' }, // Tarawa, KI
  2110394: { uk: 'Фунафуті', ru: 'Фунафути', be: 'Фунафуці' }, // Funafuti, TV
  2113779: { uk: 'Маджуро', ru: 'Маджуро', be: 'Маджура' }, // Majuro, MH
  2120048: { uk: 'Усть-Нера', pl: 'Ust-Niera', it: 'Ust’-Nera', ru: 'Усть-Нера', be: 'Усць-Нера' }, // Ust-Nera, RU
  2121025: { uk: 'Середньоколимськ', pl: 'Sriedniekołymsk', es: 'Srednekolimsk', ru: 'Среднеколымск', be: 'Сярэднекалымск' }, // Srednekolymsk, RU
  2123628: { uk: 'Магадан', es: 'Magadán', ru: 'Магадан', be: 'Магадан' }, // Magadan, RU
  2127202: { uk: 'Анадир', es: 'Anádyr', it: 'Anadyr’', ru: 'Анадырь', be: 'Анадыр' }, // Anadyr, RU
  2139521: { uk: 'Нумеа', pl: 'Numea', es: 'Numea', ru: 'Нумеа', be: 'Нумеа' }, // Nouméa, NC
  2147714: { uk: 'Сідней', es: 'Sídney', ru: 'Сидней', be: 'Сідней' }, // Sydney, AU
  2158177: { uk: 'Мельбурн', ru: 'Мельбурн', be: 'Мельбурн' }, // Melbourne, AU
  2163355: { uk: 'Гобарт', ru: 'Хобарт', be: 'Хобарт' }, // Hobart, AU
  2173911: { uk: 'Брокен-Хілл', ru: 'Брокен-Хилл', be: 'Брокен-Хіл' }, // Broken Hill, AU
  2174003: { uk: 'Брісбен', ru: 'Брисбен', be: 'Брысбен' }, // Brisbane, AU
  2193733: { uk: 'Окленд', ru: 'Окленд', be: 'Окленд' }, // Auckland, NZ
  2210247: { uk: 'Триполі', pl: 'Trypolis', de: 'Tripolis', fr: 'Tripoli (Libye)', es: 'Trípoli', pt: 'Trípoli', ru: 'Триполи', be: 'Трыпалі' }, // Tripoli, LY
  2232593: { uk: 'Дуала', pl: 'Duala', es: 'Duala', ru: 'Дуала', be: 'Дуала' }, // Douala, CM
  2240449: { uk: 'Луанда', ru: 'Луанда', be: 'Луанда' }, // Luanda, AO
  2253354: { uk: 'Дакар', ru: 'Дакар', be: 'Дакар' }, // Dakar, SN
  2260535: { uk: 'Браззавіль', ru: 'Браззавиль', be: 'Бразавіль' }, // Brazzaville, CG
  2267057: { uk: 'Лісабон', pl: 'Lizbona', de: 'Lissabon', fr: 'Lisbonne', es: 'Lisboa', it: 'Lisbona', pt: 'Lisboa', ru: 'Лиссабон', be: 'Лісабон' }, // Lisbon, PT
  2274895: { uk: 'Монровія', pt: 'Monróvia', ru: 'Монровия', be: 'Манровія' }, // Monrovia, LR
  2293538: { uk: 'Абіджан', pl: 'Abidżan', es: 'Abiyán', ru: 'Абиджан', be: 'Абіджан' }, // Abidjan, CI
  2306104: { uk: 'Аккра', pl: 'Akra', es: 'Acra', pt: 'Acra', ru: 'Аккра', be: 'Акра' }, // Accra, GH
  2309527: { uk: 'Малабо', ru: 'Малабо', be: 'Малаба' }, // Malabo, GQ
  2314302: { uk: 'Кіншаса', pl: 'Kinszasa', ru: 'Киншаса', be: 'Кіншаса' }, // Kinshasa, CD
  2332459: { uk: 'Лаґос', ru: 'Лагос', be: 'Лагас' }, // Lagos, NG
  2357048: { uk: 'Уаґадуґу', pl: 'Wagadugu', es: 'Uagadugú', ru: 'Уагадугу', be: 'Уагадугу' }, // Ouagadougou, BF
  2365267: { uk: 'Ломе', ru: 'Ломе', be: 'Ламэ' }, // Lomé, TG
  2374775: { uk: 'Бісау', es: 'Bisáu', ru: 'Бисау', be: 'Бісау' }, // Bissau, GW
  2377450: { uk: 'Нуакшотт', pl: 'Nawakszut', es: 'Nuakchot', ru: 'Нуакшот', be: 'Нуакшот' }, // Nouakchott, MR
  2389853: { uk: 'Банґі', pl: 'Bangi', ru: 'Банги', be: 'Бангі' }, // Bangui, CF
  2392087: { uk: 'Порто-Ново', pl: 'Porto Novo', de: 'Porto Novo', es: 'Portonovo', pt: 'Porto Novo', ru: 'Порто-Ново', be: 'Порта-Нова' }, // Porto-Novo, BJ
  2399697: { uk: 'Лібревіль', ru: 'Либревиль', be: 'Лібрэвіль' }, // Libreville, GA
  2409306: { uk: 'Фрітаун', ru: 'Фритаун', be: 'Фрытаўн' }, // Freetown, SL
  2410763: { uk: 'Сан-Томе', es: 'Santo Tomé', ru: 'Сан-Томе', be: 'Сан-Тамэ' }, // São Tomé, ST
  2411585: { uk: 'Гібралтар', it: 'Gibilterra', ru: 'Гибралтар', be: 'Гібралтар' }, // Gibraltar, GI
  2413876: { uk: 'Банжул', pl: 'Bandżul', ru: 'Банжул', be: 'Банджул' }, // Banjul, GM
  2422465: { uk: 'Конакрі', pl: 'Konakry', es: 'Conakri', pt: 'Conacri', ru: 'Конакри', be: 'Конакры' }, // Conakry, GN
  2440485: { uk: 'Ніамей', ru: 'Ниамей', be: 'Ніямей' }, // Niamey, NE
  2460596: { uk: 'Бамако', ru: 'Бамако', be: 'Бамако' }, // Bamako, ML
  2464470: { uk: 'Туніс', es: 'Túnez', it: 'Tunisi', pt: 'Túnis', ru: 'Тунис', be: 'Туніс' }, // Tunis, TN
  2507480: { uk: 'Алжир', pl: 'Algier', de: 'Algier', fr: 'Alger', es: 'Argel', it: 'Algeri', pt: 'Argel', ru: 'Алжир', be: 'Алжыр' }, // Algiers, DZ
  2553604: { uk: 'Касабланка', ru: 'Касабланка', be: 'Касабланка' }, // Casablanca, MA
  2618425: { uk: 'Копенгаген', pl: 'Kopenhaga', de: 'Kopenhagen', fr: 'Copenhague', es: 'Copenhague', it: 'Copenaghen', pt: 'Copenhague', ru: 'Копенгаген', be: 'Капенгаген' }, // Copenhagen, DK
  2643743: { uk: 'Лондон', pl: 'Londyn', fr: 'Londres', es: 'Londres', it: 'Londra', pt: 'Londres', ru: 'Лондон', be: 'Лондан' }, // London, GB
  2657896: { uk: 'Цюріх', pl: 'Zurych', fr: 'Zurich', es: 'Zúrich', it: 'Zurigo', pt: 'Zurique', ru: 'Цюрих', be: 'Цюрых' }, // Zürich, CH
  2673730: { uk: 'Стокгольм', pl: 'Sztokholm', es: 'Estocolmo', it: 'Stoccolma', pt: 'Estocolmo', ru: 'Стокгольм', be: 'Стакгольм' }, // Stockholm, SE
  2729907: { uk: 'Лонгʼїр', ru: 'Лонгйир', be: 'Лонгйір' }, // Longyearbyen, SJ
  2759794: { uk: 'Амстердам', es: 'Ámsterdam', pt: 'Amsterdã', ru: 'Амстердам', be: 'Амстэрдам' }, // Amsterdam, NL
  2761369: { uk: 'Відень', pl: 'Wiedeń', de: 'Wien', fr: 'Vienne', es: 'Viena', pt: 'Viena', ru: 'Вена', be: 'Вена' }, // Vienna, AT
  2800866: { uk: 'Брюссель', pl: 'Bruksela', de: 'Brüssel', fr: 'Bruxelles', es: 'Bruselas', it: 'Bruxelles', pt: 'Bruxelas', ru: 'Брюссель', be: 'Брусель' }, // Brussels, BE
  2940715: { uk: 'Бюзінген', pl: 'Büsingen am Hochrhein', ru: 'Бюзинген-на-Верхнем-Рейне', be: 'Бюзінген' }, // Büsingen, DE
  2950159: { uk: 'Берлін', es: 'Berlín', it: 'Berlino', pt: 'Berlim', ru: 'Берлин', be: 'Берлін' }, // Berlin, DE
  2960316: { uk: 'Люксембург', pl: 'Luksemburg', de: 'Luxemburg', es: 'Luxemburgo', it: 'Lussemburgo', pt: 'Luxemburgo', ru: 'Люксембург', be: 'Люксембург' }, // Luxembourg, LU
  2964574: { uk: 'Дублін', es: 'Dublín', it: 'Dublino', ru: 'Дублин', be: 'Дублін' }, // Dublin, IE
  2988507: { uk: 'Париж', pl: 'Paryż', es: 'París', it: 'Parigi', ru: 'Париж', be: 'Парыж' }, // Paris, FR
  2993458: { uk: 'Монако', pl: 'Monako', es: 'Mónaco', pt: 'Mônaco', ru: 'Монако', be: 'Манака' }, // Monaco, MC
  3041732: { uk: 'Марієгамн', pl: 'Maarianhamina', ru: 'Мариехамн', be: 'Марыянхаміна' }, // Mariehamn, AX
  3042030: { uk: 'Вадуц', ru: 'Вадуц', be: 'Вадуц' }, // Vaduz, LI
  3054643: { uk: 'Будапешт', pl: 'Budapeszt', pt: 'Budapeste', ru: 'Будапешт', be: 'Будапешт' }, // Budapest, HU
  3060972: { uk: 'Братислава', pl: 'Bratysława', ru: 'Братислава', be: 'Браціслава' }, // Bratislava, SK
  3067696: { uk: 'Прага', pl: 'Praga', de: 'Prag', es: 'Praga', it: 'Praga', pt: 'Praga', ru: 'Прага', be: 'Прага' }, // Prague, CZ
  3117735: { uk: 'Мадрид', pl: 'Madryt', pt: 'Madri', ru: 'Мадрид', be: 'Мадрыд' }, // Madrid, ES
  3143244: { uk: 'Осло', ru: 'Осло', be: 'Осла' }, // Oslo, NO
  3168070: { uk: 'Сан-Марино', fr: 'Saint-Marin', ru: 'Сан-Марино', be: 'Сан-Марына' }, // San Marino, SM
  3169070: { uk: 'Рим', pl: 'Rzym', de: 'Rom', es: 'Roma', it: 'Roma', pt: 'Roma', ru: 'Рим', be: 'Рым' }, // Rome, IT
  3183875: { uk: 'Тирана', ru: 'Тирана', be: 'Тырана' }, // Tirana, AL
  3186886: { uk: 'Загреб', pl: 'Zagrzeb', it: 'Zagabria', ru: 'Загреб', be: 'Заграб' }, // Zagreb, HR
  3191281: { uk: 'Сараєво', pl: 'Sarajewo', ru: 'Сараево', be: 'Сараева' }, // Sarajevo, BA
  3193044: { uk: 'Подгориця', ru: 'Подгорица', be: 'Падгорыца' }, // Podgorica, ME
  3196359: { uk: 'Любляна', pl: 'Lublana', es: 'Liubliana', it: 'Lubiana', pt: 'Liubliana', ru: 'Любляна', be: 'Любляна' }, // Ljubljana, SI
  3352136: { uk: 'Віндгук', pl: 'Windhuk', ru: 'Виндхук', be: 'Віндхук' }, // Windhoek, NA
  3382160: { uk: 'Каєнна', pl: 'Kajenna', es: 'Cayena', it: 'Caienna', pt: 'Caiena', ru: 'Кайенна', be: 'Каена' }, // Cayenne, GF
  3383330: { uk: 'Парамарибо', ru: 'Парамарибо', be: 'Парамарыба' }, // Paramaribo, SR
  3389353: { uk: 'Сантарен', ru: 'Сантарен', be: 'Сантарэн' }, // Santarém, BR
  3390760: { uk: 'Ресіфі', ru: 'Ресифи', be: 'Рэсіфі' }, // Recife, BR
  3395981: { uk: 'Масейо', ru: 'Масейо', be: 'Масеё' }, // Maceió, BR
  3399415: { uk: 'Форталеза', ru: 'Форталеза', be: 'Фарталеза' }, // Fortaleza, BR
  3405870: { uk: 'Белен', es: 'Belén', ru: 'Белен', be: 'Белен' }, // Belém, BR
  3407357: { uk: 'Араґуаіна', ru: 'Арагуаина', be: 'Арагуаіна' }, // Araguaína, BR
  3413829: { uk: 'Рейкʼявік', pl: 'Reykjavik', de: 'Reyk­ja­vík', fr: 'Reykjavik', es: 'Reikiavik', ru: 'Рейкьявик', be: 'Рэйк’явік' }, // Reykjavík, IS
  3421319: { uk: 'Нуук', ru: 'Нуук', be: 'Нук' }, // Nuuk, GL
  3426691: { uk: 'Стенлі', ru: 'Стэнли', be: 'Порт-Стэнлі' }, // Stanley, FK
  3435910: { uk: 'Буенос-Айрес', ru: 'Буэнос-Айрес', be: 'Буэнас-Айрэс' }, // Buenos Aires, AR
  3439389: { uk: 'Асунсьйон', pt: 'Assunção', ru: 'Асунсьон', be: 'Асунсьён' }, // Asunción, PY
  3441575: { uk: 'Монтевідео', pt: 'Montevidéu', ru: 'Монтевидео', be: 'Мантэвідэа' }, // Montevideo, UY
  3448439: { uk: 'Сан-Паулу', it: 'San Paolo', ru: 'Сан-Паулу', be: 'Сан-Паўлу' }, // São Paulo, BR
  3465038: { uk: 'Куяба', ru: 'Куяба', be: 'Куяба' }, // Cuiabá, BR
  3467747: { uk: 'Кампу-Ґранді', ru: 'Кампу-Гранди', be: 'Кампу-Гранды' }, // Campo Grande, BR
  3492908: { uk: 'Санто-Домінґо', fr: 'Saint-Domingue', ru: 'Санто-Доминго', be: 'Санта-Дамінга' }, // Santo Domingo, DO
  3513522: { uk: 'Лоуер-Принсес-Квотер', ru: 'Лоуэр-Принс-Куотер', be: 'Лоўэр Прынсіз Квотэр' }, // Lower Prince’s Quarter, SX
  3523349: { uk: 'Меріда', pl: 'Merida', de: 'Merida', ru: 'Мерида', be: 'Мерыда' }, // Mérida, MX
  3530597: { uk: 'Мехіко', pl: 'Meksyk (miasto)', de: 'Mexiko-Stadt', fr: 'Mexico', es: 'Ciudad de México', it: 'Città del Messico', pt: 'Cidade do México', ru: 'Мехико', be: 'Мехіка' }, // Mexico City, MX
  3531673: { uk: 'Канкун', ru: 'Канкун', be: 'Канкун' }, // Cancún, MX
  3553478: { uk: 'Гавана', pl: 'Hawana', de: 'Havanna', fr: 'La Havane', es: 'La Habana', it: 'L’Avana', ru: 'Гавана', be: 'Гавана' }, // Havana, CU
  3571824: { uk: 'Насау', ru: 'Нассау', be: 'Насаў' }, // Nassau, BS
  3573890: { uk: 'Порт-оф-Спейн', pl: 'Port-of-Spain', fr: 'Port-d’Espagne', es: 'Puerto España', ru: 'Порт-оф-Спейн', be: 'Порт-оф-Спейн' }, // Port of Spain, TT
  3578851: { uk: 'Маріґо', ru: 'Мариго', be: 'Марыго' }, // Marigot, MF
  3582677: { uk: 'Беліз', pl: 'Belize', de: 'Belize', fr: 'Belize', es: 'Belice', it: 'Belize', pt: 'Belize', ru: 'Белиз', be: 'Беліз' }, // Belize City, BZ
  3598132: { uk: 'Ґватемала', pl: 'Gwatemala', de: 'Guatemala', fr: 'Guatemala', es: 'Guatemala', it: 'Guatemala', pt: 'Guatemala', ru: 'Гватемала', be: 'Гватэмала' }, // Guatemala City, GT
  3600949: { uk: 'Теґусіґальпа', ru: 'Тегусигальпа', be: 'Тэгусігальпа' }, // Tegucigalpa, HN
  3617763: { uk: 'Манаґуа', pt: 'Manágua', ru: 'Манагуа', be: 'Манагуа' }, // Managua, NI
  3646738: { uk: 'Каракас', ru: 'Каракас', be: 'Каракас' }, // Caracas, VE
  3657509: { uk: 'Ґуаякіль', pt: 'Guaiaquil', ru: 'Гуаякиль', be: 'Гуаякіль' }, // Guayaquil, EC
  3662574: { uk: 'Ріо-Бранко', es: 'Río Branco', ru: 'Риу-Бранку', be: 'Рыу-Бранку' }, // Rio Branco, BR
  3662762: { uk: 'Порту-Велью', ru: 'Порту-Велью', be: 'Порту-Велью' }, // Porto Velho, BR
  3663517: { uk: 'Манаус', fr: 'Manaos', es: 'Manaos', ru: 'Манаус', be: 'Манаўс' }, // Manaus, BR
  3664321: { uk: 'Ейрунепе', ru: 'Эйрунепе', be: 'Эйрунэпе' }, // Eirunepé, BR
  3664980: { uk: 'Боа-Віста', ru: 'Боа-Виста', be: 'Боа-Віста' }, // Boa Vista, BR
  3688689: { uk: 'Боґота', ru: 'Богота', be: 'Багата' }, // Bogotá, CO
  3703443: { uk: 'Панама', pl: 'Panama', de: 'Panama', fr: 'Panama', it: 'Panama', ru: 'Панама', be: 'Панама' }, // Panamá, PA
  3718426: { uk: 'Порт-о-Пренс', es: 'Puerto Príncipe', pt: 'Porto Príncipe', ru: 'Порт-о-Пренс', be: 'Порт-о-Прэнс' }, // Port-au-Prince, HT
  3837056: { uk: 'Сан-Луїс', ru: 'Сан-Луис', be: 'Сан-Луіс' }, // San Luis, AR
  3837213: { uk: 'Сан-Хуан', ru: 'Сан-Хуан', be: 'Сан-Хуан' }, // San Juan, AR
  3838233: { uk: 'Сальта', ru: 'Сальта', be: 'Сальта' }, // Salta, AR
  3838859: { uk: 'Ріо-Ґальєґос', ru: 'Рио-Гальегос', be: 'Рыа-Гальегас' }, // Río Gallegos, AR
  3844421: { uk: 'Мендоса', ru: 'Мендоса', be: 'Мендоса' }, // Mendoza, AR
  3848950: { uk: 'Ла-Ріоха', ru: 'Ла-Риоха', be: 'Ла-Рыёха' }, // La Rioja, AR
  3860259: { uk: 'Кордова', ru: 'Кордова', be: 'Кордава' }, // Córdoba, AR
  3871336: { uk: 'Сантьяґо', es: 'Santiago de Chile', ru: 'Сантьяго', be: 'Сант’яга' }, // Santiago, CL
  3874787: { uk: 'Пунта-Аренас', ru: 'Пунта-Аренас', be: 'Пунта-Арэнас' }, // Punta Arenas, CL
  3894426: { uk: 'Кояїке', pt: 'Coihaique', ru: 'Койайке', be: 'Кайайке' }, // Coyhaique, CL
  3911925: { uk: 'Ла-Пас', ru: 'Ла-Пас', be: 'Ла-Пас' }, // La Paz, BO
  3936456: { uk: 'Ліма', ru: 'Лима', be: 'Ліма' }, // Lima, PE
  3981609: { uk: 'Тіхуана', ru: 'Тихуана', be: 'Тыхуана' }, // Tijuana, MX
  3994469: { uk: 'Охінаґа', ru: 'Охинага', be: 'Ахінага' }, // Ojinaga, MX
  3995465: { uk: 'Монтерей', ru: 'Монтеррей', be: 'Мантэрэй' }, // Monterrey, MX
  3996322: { uk: 'Масатлан', ru: 'Масатлан', be: 'Масатлан' }, // Mazatlán, MX
  4004898: { uk: 'Ермосільйо', ru: 'Эрмосильо', be: 'Эрмасілья' }, // Hermosillo, MX
  4014338: { uk: 'Чіуауа', ru: 'Чиуауа', be: 'Чыўаўа' }, // Chihuahua, MX
  4035413: { uk: 'Апіа', ru: 'Апиа', be: 'Апія' }, // Apia, WS
  4259418: { uk: 'Індіанаполіс', es: 'Indianápolis', pt: 'Indianápolis', ru: 'Индианаполис', be: 'Індыянапаліс' }, // Indianapolis, US
  4299276: { uk: 'Луїсвілл', ru: 'Луисвилл', be: 'Луісвіл' }, // Louisville, US
  4887398: { uk: 'Чікаґо', ru: 'Чикаго', be: 'Чыкага' }, // Chicago, US
  4990729: { uk: 'Детройт', fr: 'Détroit', ru: 'Детройт', be: 'Дэтройт' }, // Detroit, US
  5001669: { uk: 'Меноміні', ru: 'Меномини', be: 'Меноміні' }, // Menominee, US
  5128581: { uk: 'Нью-Йорк', pl: 'Nowy Jork', de: 'New York', fr: 'New York', es: 'Nueva York', it: 'New York', pt: 'Nova York', ru: 'Нью-Йорк', be: 'Нью-Ёрк' }, // New York City, US
  5308655: { uk: 'Фінікс', ru: 'Финикс', be: 'Фінікс' }, // Phoenix, US
  5368361: { uk: 'Лос-Анджелес', es: 'Los Ángeles', ru: 'Лос-Анджелес', be: 'Лос-Анджэлес' }, // Los Angeles, US
  5419384: { uk: 'Денвер', ru: 'Денвер', be: 'Дэнвер' }, // Denver, US
  5554072: { uk: 'Джуно', ru: 'Джуно', be: 'Джуна' }, // Juneau, US
  5557293: { uk: 'Сітка', ru: 'Ситка', be: 'Сітка' }, // Sitka, US
  5586437: { uk: 'Бойсе', ru: 'Бойсе', be: 'Бойсэ' }, // Boise, US
  5856195: { uk: 'Гонолулу', es: 'Honolulú', ru: 'Гонолулу', be: 'Ганалулу' }, // Honolulu, US
  5870133: { uk: 'Ном', ru: 'Ном', be: 'Ном' }, // Nome, US
  5879400: { uk: 'Анкоридж', ru: 'Анкоридж', be: 'Анкарыдж' }, // Anchorage, US
  5932311: { uk: 'Крестон', ru: 'Крестон', be: 'Крэстан' }, // Creston, CA
  5935804: { uk: 'Доусон-Крік', ru: 'Доусон-Крик', be: 'Досан-Крык' }, // Dawson Creek, CA
  5946768: { uk: 'Едмонтон', ru: 'Эдмонтон', be: 'Эдмантан' }, // Edmonton, CA
  5955902: { uk: 'Форт Нельсон', ru: 'Форт Нельсон', be: 'Форт-Нельсан' }, // Fort Nelson, CA
  5961564: { uk: 'Ґлейс-Бей', ru: 'Глейс-Бей', be: 'Глэйс-Бэй' }, // Glace Bay, CA
  5983607: { uk: 'Інувік', ru: 'Инувик', be: 'Інувік' }, // Inuvik, CA
  5983720: { uk: 'Ікалуїт', ru: 'Икалуит', be: 'Ікалуіт' }, // Iqaluit, CA
  6076211: { uk: 'Монктон', ru: 'Монктон', be: 'Монктан' }, // Moncton, CA
  6116548: { uk: 'Ренкін-Інлет', ru: 'Ранкин-Инлет', be: 'Ранкін-Інлет' }, // Rankin Inlet, CA
  6119109: { uk: 'Реджайна', ru: 'Реджайна', be: 'Рэджайна' }, // Regina, CA
  6160603: { uk: 'Свіфт-Каррент', ru: 'Свифт-Керрент', be: 'Свіфт-Керэнт' }, // Swift Current, CA
  6167865: { uk: 'Торонто', ru: 'Торонто', be: 'Таронта' }, // Toronto, CA
  6173331: { uk: 'Ванкувер', ru: 'Ванкувер', be: 'Ванкувер' }, // Vancouver, CA
  6180550: { uk: 'Вайтгорс', ru: 'Уайтхорс', be: 'Уайтхорс' }, // Whitehorse, CA
  6183235: { uk: 'Вінніпеґ', ru: 'Виннипег', be: 'Вініпег' }, // Winnipeg, CA
  6324729: { uk: 'Галіфакс', ru: 'Галифакс', be: 'Галіфакс' }, // Halifax, CA
  6362987: { uk: 'Сеута', ru: 'Сеута', be: 'Сеута' }, // Ceuta, ES
  6696480: { uk: 'Мак-Мердо', ru: 'Мак-Мердо', be: 'Мак-Мерда' }, // McMurdo Station, AQ
  6943713: { uk: 'Доусон', pl: 'Dawson', de: 'Dawson', fr: 'Dawson', es: 'Dawson', it: 'Dawson', pt: 'Dawson', ru: 'Доусон', be: 'Доўсан' }, // Dawson City, CA
  7828758: { uk: 'Сайпан', es: 'Saipán', ru: 'Сайпан', be: 'Сайпан' }, // Saipan, MP
};
