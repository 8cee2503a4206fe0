/**
 * The number to call for an ambulance in every country and territory of ISO 3166-1 (alpha-2), as the
 * bot adds it to every answer about a point ("In an emergency call 112").
 *
 * Source: Wikipedia, "List of emergency telephone numbers": the general emergency number where it
 * reaches an ambulance (112 across Europe, 911, 999), else the ambulance's own number (103 where people
 * know it best, 15 in France's overseas departments, 10177 in South Africa). Where that list names no
 * ambulance number, the emergency number Google's libphonenumber gives as the region's example.
 * Every number is one libphonenumber's short-number metadata knows as an emergency number of its region
 * (`test/bot/emergency-numbers.test.ts` checks it, and that no ISO code is missing).
 *
 * null: no public emergency service (Antarctica, uninhabited islands, military or research stations)
 * or no number the sources agree on (Guinea, Equatorial Guinea); the answer then names none.
 */
export const EMERGENCY_NUMBERS: Readonly<Record<string, string | null>> = {
  AD: '112', // Andorra
  AE: '998', // United Arab Emirates
  AF: '102', // Afghanistan
  AG: '911', // Antigua and Barbuda
  AI: '911', // Anguilla
  AL: '112', // Albania
  AM: '103', // Armenia
  AO: '112', // Angola
  AQ: null, // Antarctica
  AR: '107', // Argentina
  AS: '911', // American Samoa
  AT: '112', // Austria
  AU: '000', // Australia
  AW: '911', // Aruba
  AX: '112', // Åland Islands
  AZ: '103', // Azerbaijan
  BA: '124', // Bosnia and Herzegovina
  BB: '511', // Barbados
  BD: '999', // Bangladesh
  BE: '112', // Belgium
  BF: '18', // Burkina Faso
  BG: '112', // Bulgaria
  BH: '999', // Bahrain
  BI: '112', // Burundi
  BJ: '112', // Benin
  BL: '18', // Saint Barthélemy
  BM: '911', // Bermuda
  BN: '991', // Brunei Darussalam
  BO: '118', // Bolivia
  BQ: '911', // Bonaire, Sint Eustatius and Saba
  BR: '192', // Brazil
  BS: '911', // Bahamas
  BT: '112', // Bhutan
  BV: null, // Bouvet Island
  BW: '997', // Botswana
  BY: '103', // Belarus
  BZ: '911', // Belize
  CA: '911', // Canada
  CC: '000', // Cocos (Keeling) Islands
  CD: '118', // Democratic Republic of the Congo
  CF: '118', // Central African Republic
  CG: '118', // Republic of the Congo
  CH: '112', // Switzerland
  CI: '180', // Cote d'Ivoire
  CK: '998', // Cook Islands
  CL: '131', // Chile
  CM: '13', // Cameroon
  CN: '120', // People's Republic of China
  CO: '123', // Colombia
  CR: '911', // Costa Rica
  CU: '104', // Cuba
  CV: '130', // Cape Verde
  CW: '911', // Curaçao
  CX: '000', // Christmas Island
  CY: '112', // Cyprus
  CZ: '112', // Czech Republic
  DE: '112', // Germany
  DJ: '18', // Djibouti
  DK: '112', // Denmark
  DM: '999', // Dominica
  DO: '911', // Dominican Republic
  DZ: '14', // Algeria
  EC: '911', // Ecuador
  EE: '112', // Estonia
  EG: '123', // Egypt
  EH: '15', // Western Sahara
  ER: '112', // Eritrea
  ES: '112', // Spain
  ET: '991', // Ethiopia
  FI: '112', // Finland
  FJ: '911', // Fiji
  FK: '999', // Falkland Islands (Malvinas)
  FM: '911', // Micronesia, Federated States of
  FO: '112', // Faroe Islands
  FR: '112', // France
  GA: '18', // Gabon
  GB: '999', // United Kingdom
  GD: '911', // Grenada
  GE: '112', // Georgia
  GF: '15', // French Guiana
  GG: '999', // Guernsey
  GH: '193', // Ghana
  GI: '112', // Gibraltar
  GL: '112', // Greenland
  GM: '16', // Republic of The Gambia
  GN: null, // Guinea
  GP: '15', // Guadeloupe
  GQ: null, // Equatorial Guinea
  GR: '112', // Greece
  GS: null, // South Georgia and the South Sandwich Islands
  GT: '123', // Guatemala
  GU: '911', // Guam
  GW: '118', // Guinea-Bissau
  GY: '913', // Guyana
  HK: '999', // Hong Kong
  HM: null, // Heard Island and McDonald Islands
  HN: '199', // Honduras
  HR: '112', // Croatia
  HT: '114', // Haiti
  HU: '112', // Hungary
  ID: '112', // Indonesia
  IE: '112', // Ireland
  IL: '101', // Israel
  IM: '999', // Isle of Man
  IN: '112', // India
  IO: null, // British Indian Ocean Territory
  IQ: '122', // Iraq
  IR: '115', // Islamic Republic of Iran
  IS: '112', // Iceland
  IT: '112', // Italy
  JE: '999', // Jersey
  JM: '110', // Jamaica
  JO: '911', // Jordan
  JP: '119', // Japan
  KE: '999', // Kenya
  KG: '103', // Kyrgyzstan
  KH: '119', // Cambodia
  KI: '994', // Kiribati
  KM: '18', // Comoros
  KN: '911', // Saint Kitts and Nevis
  KP: '119', // North Korea
  KR: '119', // South Korea
  KW: '112', // Kuwait
  KY: '911', // Cayman Islands
  KZ: '103', // Kazakhstan
  LA: '195', // Lao People's Democratic Republic
  LB: '140', // Lebanon
  LC: '911', // Saint Lucia
  LI: '112', // Liechtenstein
  LK: '110', // Sri Lanka
  LR: '911', // Liberia
  LS: '112', // Lesotho
  LT: '112', // Lithuania
  LU: '112', // Luxembourg
  LV: '112', // Latvia
  LY: '193', // Libya
  MA: '15', // Morocco
  MC: '112', // Monaco
  MD: '112', // Moldova, Republic of
  ME: '112', // Montenegro
  MF: '15', // Saint Martin (French part)
  MG: '17', // Madagascar
  MH: '911', // Marshall Islands
  MK: '112', // The Republic of North Macedonia
  ML: '15', // Mali
  MM: '199', // Myanmar
  MN: '103', // Mongolia
  MO: '999', // Macao
  MP: '911', // Northern Mariana Islands
  MQ: '15', // Martinique
  MR: '18', // Mauritania
  MS: '911', // Montserrat
  MT: '112', // Malta
  MU: '114', // Mauritius
  MV: '102', // Maldives
  MW: '998', // Malawi
  MX: '911', // Mexico
  MY: '999', // Malaysia
  MZ: '117', // Mozambique
  NA: '10111', // Namibia
  NC: '15', // New Caledonia
  NE: '15', // Niger
  NF: '911', // Norfolk Island
  NG: '199', // Nigeria
  NI: '128', // Nicaragua
  NL: '112', // Netherlands
  NO: '113', // Norway
  NP: '102', // Nepal
  NR: '111', // Nauru
  NU: '999', // Niue
  NZ: '111', // New Zealand
  OM: '9999', // Oman
  PA: '911', // Panama
  PE: '116', // Peru
  PF: '15', // French Polynesia
  PG: '111', // Papua New Guinea
  PH: '911', // Philippines
  PK: '1122', // Pakistan
  PL: '112', // Poland
  PM: '15', // Saint Pierre and Miquelon
  PN: null, // Pitcairn
  PR: '911', // Puerto Rico
  PS: '101', // State of Palestine
  PT: '112', // Portugal
  PW: '911', // Palau
  PY: '911', // Paraguay
  QA: '999', // Qatar
  RE: '15', // Reunion
  RO: '112', // Romania
  RS: '112', // Serbia
  RU: '103', // Russian Federation
  RW: '112', // Rwanda
  SA: '997', // Saudi Arabia
  SB: '999', // Solomon Islands
  SC: '999', // Seychelles
  SD: '999', // Sudan
  SE: '112', // Sweden
  SG: '995', // Singapore
  SH: '911', // Saint Helena
  SI: '112', // Slovenia
  SJ: '113', // Svalbard and Jan Mayen
  SK: '112', // Slovakia
  SL: '999', // Sierra Leone
  SM: '118', // San Marino
  SN: '18', // Senegal
  SO: '999', // Somalia
  SR: '115', // Suriname
  SS: '999', // South Sudan
  ST: '112', // Sao Tome and Principe
  SV: '911', // El Salvador
  SX: '919', // Sint Maarten (Dutch part)
  SY: '110', // Syrian Arab Republic
  SZ: '999', // Eswatini
  TC: '911', // Turks and Caicos Islands
  TD: '18', // Chad
  TF: null, // French Southern Territories
  TG: '118', // Togo
  TH: '1669', // Thailand
  TJ: '103', // Tajikistan
  TK: null, // Tokelau
  TL: '112', // Timor-Leste
  TM: '03', // Turkmenistan
  TN: '190', // Tunisia
  TO: '911', // Tonga
  TR: '112', // Türkiye
  TT: '990', // Trinidad and Tobago
  TV: '911', // Tuvalu
  TW: '119', // Taiwan, Province of China
  TZ: '112', // United Republic of Tanzania
  UA: '103', // Ukraine
  UG: '999', // Uganda
  UM: null, // United States Minor Outlying Islands
  US: '911', // United States of America
  UY: '911', // Uruguay
  UZ: '03', // Uzbekistan
  VA: '112', // Holy See (Vatican City State)
  VC: '911', // Saint Vincent and the Grenadines
  VE: '911', // Venezuela
  VG: '911', // Virgin Islands, British
  VI: '911', // Virgin Islands, U.S.
  VN: '115', // Vietnam
  VU: '112', // Vanuatu
  WF: '15', // Wallis and Futuna
  WS: '911', // Samoa
  XK: '112', // Kosovo
  YE: '191', // Yemen
  YT: '15', // Mayotte
  ZA: '10177', // South Africa
  ZM: '112', // Zambia
  ZW: '994', // Zimbabwe
};

/** The ambulance number of a country (ISO 3166-1 alpha-2), when it has one. */
export function emergencyNumber(countryCode: string): string | undefined {
  return EMERGENCY_NUMBERS[countryCode.toUpperCase()] ?? undefined;
}
